import { createHash, timingSafeEqual } from 'node:crypto'
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onResponseHookHandler,
  RouteOptions,
} from 'fastify'
import type { Database } from '#server/db/client.ts'
import { ADMIN_REQUIRED_DETAIL, INVALID_TOKEN_DETAIL } from '#server/plugins/auth.ts'
import { findAdminBySessionToken } from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'
import { type MetricSources, Metrics } from '#server/services/metrics/metrics.ts'

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
 * its own hits: plugins/answer-cache.ts) and serves GET /metrics in Prometheus' text format to the
 * admin's bearer token or to METRICS_TOKEN, 401 otherwise. Called before any route is declared, so
 * the hook sees them all.
 */
export function registerMetrics(
  app: FastifyInstance,
  deps: { database: Database; metricsToken: string | undefined; sources: MetricSources },
): Metrics {
  const metrics = new Metrics(deps.sources)
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
    const deny = (detail: string) => {
      reply.code(401).header('www-authenticate', 'Bearer').send({ detail })
      return false
    }
    if (!token) return deny(ADMIN_REQUIRED_DETAIL)
    // a scraper's token is checked without the database, so metrics still answer while it is down
    if (deps.metricsToken !== undefined && sameToken(token, deps.metricsToken)) return true
    if (await findAdminBySessionToken(deps.database.db, token, app.caches.sessions)) return true
    return deny(INVALID_TOKEN_DETAIL)
  }

  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!(await allowed(request, reply))) return reply
    const { contentType, body } = await metrics.exposition()
    return reply.type(contentType).send(body)
  })
  return metrics
}
