import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { HealthSchema } from '#domain/api/meta.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { type LogStream, loggerOptions, requestLoggerFactory } from './logging.ts'
import { AnswerCache, answerCacheServer } from './plugins/answer-cache.ts'
import authPlugin from './plugins/auth.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerDocs } from './plugins/docs.ts'
import { frameworkErrorHandler, installErrorHandler } from './plugins/errors.ts'
import { registerLanguages } from './plugins/languages.ts'
import { registerMail } from './plugins/mail.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerStatic } from './plugins/static.ts'
import adminRoutes from './routes/admin.ts'
import adsRoutes from './routes/ads.ts'
import adultGateRoutes from './routes/adult-gate.ts'
import authRoutes from './routes/auth.ts'
import devRoutes from './routes/dev.ts'
import mediaRoutes from './routes/media.ts'
import mediaFileRoutes from './routes/media-files.ts'
import metaRoutes from './routes/meta.ts'
import moderationRoutes from './routes/moderation.ts'
import { registerPages } from './routes/pages.ts'
import paymentsRoutes from './routes/payments.ts'
import seoRoutes from './routes/seo.ts'
import walletRoutes from './routes/wallet.ts'
import { ChangeFeed } from './services/cache/change-feed.ts'
import { alwaysLive, type CacheLive } from './services/cache/rechecked-cache.ts'
import { startMediaCleanup } from './services/media/media-cleanup.ts'
import { MediaLibrary } from './services/media/media-library.ts'
import type { MediaStore } from './services/media/media-store.ts'
import { openMediaStore } from './services/media/open-media-store.ts'
import { loadAdultGate } from './services/pages/adult-gate.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'

export interface AppDeps {
  config: Config
  database: Database
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream
  /** Where media files go; default: the store the config names (open-media-store.ts). */
  mediaStore?: MediaStore
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    mediaLibrary: MediaLibrary
    /**
     * When the short caches of sessions, wallets and listings may answer; undefined when they are
     * off (PostgreSQL without Redis: other processes' writes would go unseen).
     */
    cachesLive: CacheLive | undefined
    /** The Redis feed of other processes' changes, on PostgreSQL with REDIS_URL. */
    changeFeed: ChangeFeed | undefined
  }
}

// drafts carry images only as URLs/metadata, so a JSON body never needs more than this
export const BODY_LIMIT_BYTES = 1024 * 1024

/**
 * Builds the whole server (API under /api, the built PWA elsewhere) without listening, so tests
 * can call app.inject on a fresh database. main.ts only listens.
 */
export async function buildApp({
  config,
  database,
  logStream,
  mediaStore,
}: AppDeps): Promise<FastifyInstance> {
  const answerCache = new AnswerCache()
  const base = Fastify({
    // answers kept whole are given again before Fastify sees the request (plugins/answer-cache.ts)
    serverFactory: answerCacheServer(answerCache),
    logger: loggerOptions(config, logStream),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    // behind a load balancer the client IP (rate limits, logs) comes from X-Forwarded-For
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    frameworkErrors: frameworkErrorHandler,
  })
  answerCache.logTo(base.log)
  base.decorate('answerCache', answerCache)
  // while closing every request goes through Fastify, which answers it with `Connection: close`
  base.addHook('preClose', (done) => {
    answerCache.close()
    done()
  })
  installErrorHandler(base)
  registerLanguages(base)
  // the server's 18+ gate from the build, put into pages by routes/pages.ts and plugins/static.ts;
  // its inline script's hash goes into the pages' CSP (docs/decisions/029-first-visit.md)
  base.decorate('adultGate', loadAdultGate(config.STATIC_DIR))
  await registerSecurity(base, config)
  await registerRateLimit(base, config)
  registerCompression(base)
  await registerDocs(base)
  await registerStatic(base, config)

  const app = base.withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  app.decorate('config', config)
  app.decorate('database', database)
  // the short caches (015) answer only where this process hears of every write: always on PGlite,
  // on PostgreSQL while Redis brings the other processes' news (docs/decisions/021-shared-changes.md)
  const changeFeed =
    database.kind === 'postgres' && config.REDIS_URL ? new ChangeFeed(config.REDIS_URL, app.log) : undefined
  app.decorate('changeFeed', changeFeed)
  app.decorate('cachesLive', database.kind === 'pglite' ? alwaysLive : changeFeed?.live)
  if (changeFeed) app.addHook('onClose', () => changeFeed.close())
  const store = mediaStore ?? openMediaStore(config)
  app.decorate('mediaLibrary', new MediaLibrary(database.db, store))
  const stopCleanup = startMediaCleanup(app.mediaLibrary, app.log)
  app.addHook('onClose', async () => {
    stopCleanup()
    store.close?.()
  })
  registerMail(app)
  await app.register(authPlugin)

  await app.register(
    async (api) => {
      api.get(
        '/',
        { schema: { summary: 'Reachability check', tags: ['meta'], response: { 200: HealthSchema } } },
        async () => ({ status: 'ok' as const }),
      )
      await api.register(metaRoutes, { prefix: '/meta' })
      await api.register(authRoutes, { prefix: '/auth' })
      await api.register(moderationRoutes, { prefix: '/moderation' })
      await api.register(adsRoutes, { prefix: '/ads' })
      await api.register(mediaRoutes, { prefix: '/media' })
      await api.register(walletRoutes, { prefix: '/wallet' })
      await api.register(paymentsRoutes, { prefix: '/payments' })
      await api.register(adminRoutes, { prefix: '/admin' })
      await api.register(devRoutes, { prefix: '/dev' })
    },
    { prefix: '/api' },
  )
  await app.register(mediaFileRoutes, { prefix: '/media' })
  // /robots.txt and /sitemap.xml belong at the site root, where crawlers look for them
  await app.register(seoRoutes)
  await app.register(adultGateRoutes)
  await registerPages(app)
  return app
}
