import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AdsService } from '#server/services/ads/ads-service.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Creating, editing and paying for ads (docs/decisions/010-ads-on-the-server.md). */
    adsService: AdsService
  }
}

/** The app's one ads service, over its banned phrases and media (docs/decisions/038-server-wiring.md). */
async function adsService(app: FastifyInstance): Promise<void> {
  app.decorate(
    'adsService',
    new AdsService(app.database.db, app.bannedPhrases, app.config.AD_LIFETIME_DAYS, app.mediaLibrary),
  )
}

export default fp(adsService, { name: 'ads-service', dependencies: ['banned-phrases'] })
