import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createSessionCaches, type SessionCaches } from '#server/services/accounts/session-cache.ts'
import { type AdListCache, createAdListCache } from '#server/services/ads/ad-list-cache.ts'
import { ChangeFeed } from '#server/services/cache/change-feed.ts'
import { alwaysLive, type CacheLive, Generations } from '#server/services/cache/rechecked-cache.ts'
import { createPageCaches, type PageCaches } from '#server/services/pages/page-cache.ts'
import { createWalletCache, type WalletCache } from '#server/services/wallet/wallet-cache.ts'

/**
 * The short caches of one app (docs/decisions/015-api-request-cost.md), made once here and handed to
 * the services by the routes: no cache is a module global, so two apps in one process (tests) share
 * nothing and no test resets one by hand (docs/decisions/038-server-wiring.md). A cache is undefined
 * where it is off: PostgreSQL without Redis, whose other processes' writes would go unseen.
 */
export interface ServerCaches {
  /** One per kind of change, bumped as a change commits (`changed` in db/after-commit.ts). */
  generations: Generations
  sessions: SessionCaches | undefined
  wallets: WalletCache | undefined
  adLists: AdListCache | undefined
  /** Rendered pages and their sent bytes; they keep nothing while `cachesLive` says no. */
  pages: PageCaches
}

declare module 'fastify' {
  interface FastifyInstance {
    caches: ServerCaches
    /**
     * When the short caches of sessions, wallets and listings may answer; undefined when they are
     * off (PostgreSQL without Redis: other processes' writes would go unseen).
     */
    cachesLive: CacheLive | undefined
    /** The Redis feed of other processes' changes, on PostgreSQL with REDIS_URL. */
    changeFeed: ChangeFeed | undefined
  }
}

async function caches(app: FastifyInstance): Promise<void> {
  const { config, database } = app
  const generations = new Generations(database.changes)
  // the short caches (015) answer only where this process hears of every write: always on PGlite,
  // on PostgreSQL while Redis brings the other processes' news (docs/decisions/021-shared-changes.md)
  const changeFeed =
    database.kind === 'postgres' && config.REDIS_URL
      ? new ChangeFeed(config.REDIS_URL, config.DATABASE_URL ?? '', app.log, generations, database.changes)
      : undefined
  const live = database.kind === 'pglite' ? alwaysLive : changeFeed?.live
  app.decorate('changeFeed', changeFeed)
  app.decorate('cachesLive', live)
  app.decorate('caches', {
    generations,
    sessions: live && createSessionCaches(generations.of('sessions'), live),
    wallets: live && createWalletCache(generations.of('wallets'), live),
    // the listing's answers end when an ad's expiry or "Available now" passes by the app's clock (048)
    adLists: live && createAdListCache(generations.of('ads'), live, () => app.clock.now().getTime()),
    pages: createPageCaches(generations.of('ads'), live),
  })
  app.addHook('onClose', async () => {
    generations.close()
    await changeFeed?.close()
  })
  if (changeFeed) {
    // a write is answered once every other process has its news (or the caches' 1 s bound has
    // passed), so what its client asks next, of any process, sees it: a sign-out is a sign-out
    app.addHook('onSend', (request, _reply, payload, done) => {
      const confirmed =
        request.method === 'GET' || request.method === 'HEAD' ? undefined : changeFeed.confirmed()
      if (confirmed === undefined) done(null, payload)
      else void confirmed.then(() => done(null, payload))
    })
  }
}

export default fp(caches, { name: 'caches' })
