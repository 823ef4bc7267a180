import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { BannedPhraseService } from '#server/services/moderation/banned-phrases.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The banned-phrase matcher, one per app (docs/decisions/005-moderation-matcher.md). */
    bannedPhrases: BannedPhraseService
  }
}

/**
 * One service per app, so the /moderation check and the ad routes share a matcher and an admin's
 * change through either is seen by both at once (docs/decisions/038-server-wiring.md).
 */
async function bannedPhrases(app: FastifyInstance): Promise<void> {
  // the list's changes come as news, here and from the other processes (docs/decisions/041-fault-drill.md)
  app.decorate(
    'bannedPhrases',
    new BannedPhraseService(app.database.db, {
      changes: app.caches.generations.of('bannedPhrases'),
      live: app.cachesLive,
    }),
  )
}

export default fp(bannedPhrases, { name: 'banned-phrases', dependencies: ['caches'] })
