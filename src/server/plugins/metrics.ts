import { createHash, timingSafeEqual } from 'node:crypto'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify'
import fp from 'fastify-plugin'
import { refusal } from '#server/errors.ts'
import { findAdminBySessionToken } from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'
import { metricSources } from '#server/services/metrics/metric-sources.ts'
import { Metrics } from '#server/services/metrics/metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's counters and gauges, read at GET /metrics (services/metrics/metrics.ts). */
    metrics: Metrics
  }
}

export const METRICS_PATH = '/metrics'
// a route the build serves as a file (one route per file, plugins/static.ts): one series for all of them
const STATIC_ROUTE = 'static'
// a URL no route matched: one series, or every made-up URL would make its own
const UNMATCHED_ROUTE = 'unmatched'

function digest(token: string): Buffer {
  return createHash('sha256').update(token).digest()
}

/** Equal tokens, compared in constant time (digests first, so the length is not told either). */
export function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected))
}

function routeLabel(route: RouteOptions): string {
  return typeof (route.config as { file?: unknown } | undefined)?.file === 'string' ? STATIC_ROUTE : route.url
}

function hooksOf(
  hooks: onResponseHookHandler | onResponseHookHandler[] | undefined,
): onResponseHookHandler[] {
  if (hooks === undefined) return []
  return Array.isArray(hooks) ? hooks : [hooks]
}

/**
 * Decorates the app with its Metrics, counts every request Fastify answers (the answer cache counts
 * its own hits: http/answer-cache.ts) and serves GET /metrics in Prometheus' text format to the
 * admin's bearer token or to METRICS_TOKEN, 401 otherwise. Registered before any route is declared,
 * so the hook sees them all.
 */
async function metricsPlugin(app: FastifyInstance): Promise<void> {
  const { database, answerCache, changeFeed, cachesLive } = app
  const metricsToken = app.config.METRICS_TOKEN
  const metrics = new Metrics(metricSources({ database, answerCache, changeFeed, cachesLive }))
  app.decorate('metrics', metrics)
  // each route gets a hook of its own with its stats at hand: reading request.routeOptions on every
  // request cost 1.4 µs here, far more than the counting (docs/decisions/028-metrics-and-deployment.md)
  app.addHook('onRoute', (route) => {
    const stats = metrics.requests.route(routeLabel(route))
    const count: onResponseHookHandler = (request, reply, done) => {
      stats.record(request.method, reply.statusCode, reply.elapsedTime / 1000)
      done()
    }
    route.onResponse = [...hooksOf(route.onResponse), count]
  })
  const unmatched = metrics.requests.route(UNMATCHED_ROUTE)
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) unmatched.record(request.method, reply.statusCode, reply.elapsedTime / 1000)
    done()
  })

  async function allowed(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    reply.header('cache-control', 'no-store')
    const token = bearerToken(request.headers.authorization)
    const deny = (code: 'auth.admin_required' | 'auth.session_invalid') => {
      reply.code(401).header('www-authenticate', 'Bearer').send(refusal(code))
      return false
    }
    if (!token) return deny('auth.admin_required')
    // a scraper's token is checked without the database, so metrics still answer while it is down
    if (metricsToken !== undefined && sameToken(token, metricsToken)) return true
    if (await findAdminBySessionToken(database.db, token, app.caches.sessions)) return true
    return deny('auth.session_invalid')
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!(await allowed(request, reply))) return reply
    const { contentType, body } = await metrics.exposition()
    return reply.type(contentType).send(body)
  })
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['core', 'caches'] })
