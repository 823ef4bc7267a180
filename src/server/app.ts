import type { Agent as HttpsAgent } from 'node:https'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod'
import { HealthSchema } from '#domain/api/meta.ts'
import { type Clock, systemClock } from './clock.ts'
import type { Config } from './config.ts'
import type { Database } from './db/client.ts'
import { AnswerCache, answerCacheServer } from './http/answer-cache.ts'
import { frameworkErrorHandler } from './http/framework-errors.ts'
import { type LogStream, loggerOptions, requestLoggerFactory } from './logging.ts'
import adRemindersPlugin from './plugins/ad-reminders.ts'
import adStatsPlugin from './plugins/ad-stats.ts'
import adsServicePlugin from './plugins/ads-service.ts'
import adultGatePlugin from './plugins/adult-gate.ts'
import alertsPlugin from './plugins/alerts.ts'
import authPlugin from './plugins/auth.ts'
import bannedPhrasesPlugin from './plugins/banned-phrases.ts'
import bumpSchedulesPlugin from './plugins/bump-schedules.ts'
import cachesPlugin from './plugins/caches.ts'
import compressionPlugin from './plugins/compression.ts'
import corePlugin from './plugins/core.ts'
import deadlinePlugin from './plugins/deadline.ts'
import docsPlugin from './plugins/docs.ts'
import errorPagesPlugin from './plugins/error-pages.ts'
import errorsPlugin from './plugins/errors.ts'
import jobsPlugin from './plugins/jobs.ts'
import languagesPlugin from './plugins/languages.ts'
import mailPlugin from './plugins/mail.ts'
import mediaPlugin from './plugins/media.ts'
import metricsPlugin from './plugins/metrics.ts'
import pageRendererPlugin from './plugins/page-renderer.ts'
import paymentsPlugin from './plugins/payments.ts'
import rateLimitPlugin from './plugins/rate-limit.ts'
import reporterKeysPlugin from './plugins/reporter-keys.ts'
import retentionPlugin from './plugins/retention.ts'
import securityPlugin from './plugins/security.ts'
import staticPlugin from './plugins/static.ts'
import adActionsRoutes from './routes/ad-actions.ts'
import adminRoutes from './routes/admin.ts'
import adminLegalHoldRoutes from './routes/admin-legal-holds.ts'
import adminTrustRoutes from './routes/admin-trust.ts'
import adsRoutes from './routes/ads.ts'
import adultGateRoutes from './routes/adult-gate.ts'
import alertsRoutes from './routes/alerts.ts'
import authRoutes from './routes/auth.ts'
import bumpScheduleRoutes from './routes/bump-schedules.ts'
import devRoutes from './routes/dev.ts'
import favouritesRoutes from './routes/favourites.ts'
import healthRoutes from './routes/health.ts'
import mediaRoutes from './routes/media.ts'
import mediaFileRoutes from './routes/media-files.ts'
import metaRoutes from './routes/meta.ts'
import moderationRoutes from './routes/moderation.ts'
import pageRoutes from './routes/pages.ts'
import paymentsRoutes from './routes/payments.ts'
import privacyRoutes from './routes/privacy.ts'
import pushRoutes from './routes/push.ts'
import savedSearchesRoutes from './routes/saved-searches.ts'
import seoRoutes from './routes/seo.ts'
import verificationRoutes from './routes/verification.ts'
import walletRoutes from './routes/wallet.ts'
import { AdStatsCounter } from './services/ad-stats/ad-stats-counter.ts'
import { answerViewBeacon } from './services/ad-stats/view-beacon.ts'
import type { MediaStore } from './services/media/media-store.ts'
import { fastifyTrustProxy } from './trust-proxy.ts'

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
  const answerCache = new AnswerCache(config.REGION_HEADER)
  // made before Fastify: the view beacon is counted and answered before Fastify sees it (053)
  const adStats = new AdStatsCounter()
  const base = Fastify({
    // answers kept whole are given again before Fastify sees the request (http/answer-cache.ts)
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
  const app = base.withTypeProvider<ZodTypeProvider>()
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  // Every service, cache and hook is a plugin of src/server/plugins, registered here in the order
  // they need each other (their `dependencies` say it too); routes come after, and read what the
  // plugins decorated (docs/decisions/038-server-wiring.md).
  await app.register(corePlugin, { config, database, clock, pushAgent, answerCache })
  // the short caches and the change feed, which the routes hand to the services
  await app.register(cachesPlugin)
  // before any route, so its request counter sees them all (docs/decisions/028-metrics-and-deployment.md)
  await app.register(errorsPlugin)
  await app.register(deadlinePlugin)
  await app.register(metricsPlugin)
  await app.register(languagesPlugin)
  await app.register(errorPagesPlugin)
  await app.register(adultGatePlugin)
  await app.register(securityPlugin)
  await app.register(rateLimitPlugin)
  await app.register(compressionPlugin)
  // before the routes, so it sees them being added
  await app.register(docsPlugin)
  await app.register(staticPlugin)
  // the balancer's probes, before the services' plugins: none of their hooks runs on a probe
  await app.register(healthRoutes)
  await app.register(mediaPlugin, { store: mediaStore })
  await app.register(retentionPlugin)
  await app.register(mailPlugin)
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
  await app.register(pageRendererPlugin)

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
      await api.register(adminLegalHoldRoutes, { prefix: '/admin' })
      await api.register(devRoutes, { prefix: '/dev' })
    },
    { prefix: '/api' },
  )
  await app.register(mediaFileRoutes, { prefix: '/media' })
  // /robots.txt and /sitemap.xml belong at the site root, where crawlers look for them
  await app.register(seoRoutes)
  await app.register(adultGateRoutes)
  await app.register(adActionsRoutes)
  await app.register(pageRoutes)
  return app
}
