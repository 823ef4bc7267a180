import type { Agent as HttpsAgent } from 'node:https'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { HealthSchema } from '#domain/api/meta.ts'
import { type Clock, systemClock } from './clock.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { type LogStream, loggerOptions, requestLoggerFactory } from './logging.ts'
import { OutageLog } from './outages.ts'
import adRemindersPlugin from './plugins/ad-reminders.ts'
import adStatsPlugin from './plugins/ad-stats.ts'
import adsServicePlugin from './plugins/ads-service.ts'
import alertsPlugin from './plugins/alerts.ts'
import { AnswerCache, answerCacheServer } from './plugins/answer-cache.ts'
import authPlugin from './plugins/auth.ts'
import bannedPhrasesPlugin from './plugins/banned-phrases.ts'
import bumpSchedulesPlugin from './plugins/bump-schedules.ts'
import cachesPlugin from './plugins/caches.ts'
import { registerCompression } from './plugins/compression.ts'
import { registerDeadline } from './plugins/deadline.ts'
import { registerDocs } from './plugins/docs.ts'
import { frameworkErrorHandler, installErrorHandler } from './plugins/errors.ts'
import { databaseCheck, ReadinessProbe, registerHealth } from './plugins/health.ts'
import jobsPlugin from './plugins/jobs.ts'
import { registerLanguages } from './plugins/languages.ts'
import { registerMail } from './plugins/mail.ts'
import { registerMetrics } from './plugins/metrics.ts'
import paymentsPlugin from './plugins/payments.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import reporterKeysPlugin from './plugins/reporter-keys.ts'
import { registerSecurity } from './plugins/security.ts'
import { registerStatic } from './plugins/static.ts'
import adActionsRoutes from './routes/ad-actions.ts'
import adminRoutes from './routes/admin.ts'
import adminTrustRoutes from './routes/admin-trust.ts'
import adsRoutes from './routes/ads.ts'
import adultGateRoutes from './routes/adult-gate.ts'
import alertsRoutes from './routes/alerts.ts'
import authRoutes from './routes/auth.ts'
import bumpScheduleRoutes from './routes/bump-schedules.ts'
import devRoutes from './routes/dev.ts'
import favouritesRoutes from './routes/favourites.ts'
import mediaRoutes from './routes/media.ts'
import mediaFileRoutes from './routes/media-files.ts'
import metaRoutes from './routes/meta.ts'
import moderationRoutes from './routes/moderation.ts'
import { registerPages } from './routes/pages.ts'
import paymentsRoutes from './routes/payments.ts'
import privacyRoutes from './routes/privacy.ts'
import pushRoutes from './routes/push.ts'
import savedSearchesRoutes from './routes/saved-searches.ts'
import seoRoutes from './routes/seo.ts'
import verificationRoutes from './routes/verification.ts'
import walletRoutes from './routes/wallet.ts'
import { AfterAnswer } from './services/accounts/after-answer.ts'
import { AdStatsCounter } from './services/ad-stats/ad-stats-counter.ts'
import { answerViewBeacon } from './services/ad-stats/view-beacon.ts'
import { startMediaCleanup } from './services/media/media-cleanup.ts'
import { MediaLibrary } from './services/media/media-library.ts'
import type { MediaStore } from './services/media/media-store.ts'
import { openMediaStore } from './services/media/open-media-store.ts'
import { CountingMediaStore } from './services/metrics/counting-media-store.ts'
import { metricSources } from './services/metrics/metric-sources.ts'
import { loadAdultGate } from './services/pages/adult-gate.ts'
import { startRetention } from './services/privacy/retention.ts'
import { StartupWork } from './startup-work.ts'
import { fastifyTrustProxy, trustProxyWarning } from './trust-proxy.ts'

export interface AppDeps {
  config: Config
  database: Database
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream
  /** Where media files go; default: the store the config names (open-media-store.ts). */
  mediaStore?: MediaStore
  /** The time scheduled work goes by (jobs); default the system's. Tests move their own. */
  clock?: Clock
  /** Trusts the push service's certificate (a test's loopback push service); default Node's CAs. */
  pushAgent?: HttpsAgent
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** The time scheduled work goes by (docs/decisions/045-jobs.md). */
    clock: Clock
    /** The agent Web Push requests go through (AppDeps.pushAgent). */
    pushAgent: HttpsAgent | undefined
    mediaLibrary: MediaLibrary
    /** Work that runs once the app is ready without holding listen (seeds, indexes); /readyz waits for it. */
    startup: StartupWork
    /** GET /readyz's checks; `drain()` on SIGTERM. */
    readiness: ReadinessProbe
    /** One log line per outage of a dependency. */
    outages: OutageLog
    /** Work requests started and did not wait for (account mails); closing waits for it. */
    afterAnswer: AfterAnswer
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
  clock = systemClock,
  pushAgent,
}: AppDeps): Promise<FastifyInstance> {
  const answerCache = new AnswerCache()
  // made before Fastify: the view beacon is counted and answered before Fastify sees it (053)
  const adStats = new AdStatsCounter()
  const base = Fastify({
    // answers kept whole are given again before Fastify sees the request (plugins/answer-cache.ts)
    serverFactory: answerCacheServer(answerCache, (req, res) => answerViewBeacon(adStats, clock, req, res)),
    logger: loggerOptions(config, logStream),
    childLoggerFactory: requestLoggerFactory,
    bodyLimit: BODY_LIMIT_BYTES,
    // behind a load balancer the client IP (rate limits, logs) comes from X-Forwarded-For
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    frameworkErrors: frameworkErrorHandler,
    // Plugins only register routes and hooks now; the slow start-up work runs after listen
    // (StartupWork). Fastify's 10 s default failed starts on a busy machine while protecting
    // nothing: a start that hangs is a process that never answers /readyz
    // (docs/decisions/026-migrations-and-start-up.md)
    pluginTimeout: 0,
  })
  answerCache.logTo(base.log)
  // once per process: a hop count or no trust starts, but the operator should know what it costs
  const trustWarning = config.NODE_ENV === 'production' ? trustProxyWarning(config.TRUST_PROXY) : undefined
  if (trustWarning) base.log.warn(trustWarning)
  base.decorate('answerCache', answerCache)
  const outages = new OutageLog(base.log)
  const startup = new StartupWork()
  const readiness = new ReadinessProbe(startup, outages)
  base.decorate('outages', outages)
  base.decorate('startup', startup)
  base.decorate('readiness', readiness)
  const afterAnswer = new AfterAnswer(base.log)
  base.decorate('afterAnswer', afterAnswer)
  // before the database closes (main.ts closes it after the app)
  base.addHook('onClose', () => afterAnswer.settled())
  base.addHook('onReady', (done) => {
    // on the next turn of the event loop: listen() binds its port first (PGlite runs its statements
    // on this thread, so seeding would otherwise hold the bind until it is done)
    setImmediate(() => startup.start(base.log))
    done()
  })
  base.addHook('onClose', () => startup.stop())
  // while closing every request goes through Fastify, which answers it with `Connection: close`
  base.addHook('preClose', (done) => {
    answerCache.close()
    done()
  })
  base.decorate('config', config)
  base.decorate('database', database)
  base.decorate('clock', clock)
  base.decorate('pushAgent', pushAgent)
  // the short caches and the change feed, which the routes hand to the services (plugins/caches.ts)
  await base.register(cachesPlugin)
  const { changeFeed, cachesLive } = base
  // before any route, so its request counter sees them all (docs/decisions/028-metrics-and-deployment.md)
  installErrorHandler(base, outages)
  registerDeadline(base, { timeoutMs: config.REQUEST_TIMEOUT_MS, stallMs: config.BODY_STALL_MS })
  const metrics = registerMetrics(base, {
    database,
    metricsToken: config.METRICS_TOKEN,
    sources: metricSources({ database, answerCache, changeFeed, cachesLive }),
  })
  registerLanguages(base)
  // the server's 18+ gate from the build, put into pages by routes/pages.ts and plugins/static.ts;
  // its inline script's hash goes into the pages' CSP (docs/decisions/029-first-visit.md)
  base.decorate('adultGate', loadAdultGate(config.STATIC_DIR))
  await registerSecurity(base, config)
  const rateLimitRedis = await registerRateLimit(base, config)
  registerCompression(base)
  await registerDocs(base)
  await registerStatic(base, config)

  const app = base.withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  const store = new CountingMediaStore(mediaStore ?? openMediaStore(config), (operation) =>
    metrics.countMediaStoreError(operation),
  )
  app.decorate('mediaLibrary', new MediaLibrary(database.db, store))
  readiness.add(databaseCheck(database))
  if (config.REDIS_URL) {
    readiness.add({
      name: 'redis',
      dependency: 'redis',
      // shared by every process: its outage degrades them all alike and unreadies none (027)
      degradesOnly: true,
      // where caches depend on it, the change feed says whether both its connections are up
      run: changeFeed ? () => changeFeed.check() : async () => void (await rateLimitRedis?.ping()),
    })
  }
  readiness.add({
    name: 'media store',
    dependency: 'media store',
    // shared by every process, and sign-in, wallet and listings never touch it: its outage answers
    // media requests 503 and unreadies no process (docs/decisions/041-fault-drill.md)
    degradesOnly: true,
    run: () => store.check(),
  })
  registerHealth(app, readiness)
  const stopCleanup = startMediaCleanup(app.mediaLibrary, app.log)
  // tests call runRetention with their own clock instead (docs/decisions/034-privacy-and-retention.md)
  const stopRetention = config.NODE_ENV === 'test' ? () => {} : startRetention(database.db, app.log)
  app.addHook('onClose', async () => {
    stopCleanup()
    stopRetention()
    store.close?.()
  })
  registerMail(app)
  await app.register(authPlugin)
  // the services the routes share, one each, made once (docs/decisions/038-server-wiring.md)
  await app.register(bannedPhrasesPlugin)
  await app.register(adsServicePlugin)
  await app.register(paymentsPlugin)
  // jobs queued by the routes' transactions, run by the handlers the features register
  await app.register(jobsPlugin)
  await app.register(adRemindersPlugin)
  await app.register(bumpSchedulesPlugin)
  await app.register(reporterKeysPlugin)
  await app.register(adStatsPlugin, { counter: adStats })
  await app.register(alertsPlugin)

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
      await api.register(bumpScheduleRoutes, { prefix: '/ads' })
      await api.register(mediaRoutes, { prefix: '/media' })
      await api.register(walletRoutes, { prefix: '/wallet' })
      await api.register(paymentsRoutes, { prefix: '/payments' })
      await api.register(privacyRoutes, { prefix: '/account' })
      await api.register(favouritesRoutes, { prefix: '/account/favourites' })
      await api.register(savedSearchesRoutes, { prefix: '/account/searches' })
      await api.register(alertsRoutes, { prefix: '/searches' })
      await api.register(pushRoutes, { prefix: '/push' })
      await api.register(verificationRoutes, { prefix: '/account/verification' })
      await api.register(adminRoutes, { prefix: '/admin' })
      await api.register(adminTrustRoutes, { prefix: '/admin' })
      await api.register(devRoutes, { prefix: '/dev' })
    },
    { prefix: '/api' },
  )
  await app.register(mediaFileRoutes, { prefix: '/media' })
  // /robots.txt and /sitemap.xml belong at the site root, where crawlers look for them
  await app.register(seoRoutes)
  await app.register(adultGateRoutes)
  await app.register(adActionsRoutes)
  await registerPages(app)
  return app
}
