import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import { ApiError } from '#server/errors.ts'
import {
  clientKey,
  MemoryCounters,
  type RateCounters,
  type RateWindow,
  RedisCounters,
} from '#server/services/rate-limits/counters.ts'

type TimeUnit = 'second' | 'minute' | 'hour'
/** A window written as people say it: '1 minute', '10 minutes', '1 hour'. */
export type TimeWindow = `${number} ${TimeUnit}${'' | 's'}`

export interface RouteRateLimit {
  max: number
  timeWindow: TimeWindow
  /** 'preHandler' when the key needs the parsed body or the signed-in user; default 'onRequest' */
  hook?: 'onRequest' | 'preHandler'
  /** default: the client's address (clientKey: an IPv6 client by its /64) */
  keyGenerator?: (request: FastifyRequest) => string
  /** a request this limit neither counts nor refuses (a device that signed in before, 044) */
  skip?: (request: FastifyRequest) => boolean
  /**
   * Counted by each process alone, even with Redis: for a limit that only guards the process's own
   * work on a public answer, where a client spread over N processes getting N times the limit costs
   * nothing but what each process can bear anyway (docs/decisions/023-rate-limits.md, "A limit each
   * process keeps")
   */
  perProcess?: true
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** One limit, or several counted one after the other (each with its own counters). */
    rateLimit?: RouteRateLimit | readonly RouteRateLimit[]
  }
}

const UNIT_MS: Record<TimeUnit, number> = { second: 1_000, minute: 60_000, hour: 3_600_000 }

export function windowMs(timeWindow: TimeWindow): number {
  const [amount = '', unit = ''] = timeWindow.split(' ')
  const ms = Number(amount) * (UNIT_MS[unit.replace(/s$/, '') as TimeUnit] ?? Number.NaN)
  if (!(ms > 0)) throw new Error(`rate limit: "${timeWindow}" is not a time window`)
  return ms
}

type Done = (error?: Error) => void
type LimitHook = (request: FastifyRequest, reply: FastifyReply, done: Done) => void

/** Answers 429 with Retry-After once the window holds more than `max` requests. */
function decide(window: RateWindow | undefined, max: number, reply: FastifyReply, done: Done): void {
  if (window === undefined || window.count <= max) {
    done()
    return
  }
  const seconds = Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000))
  reply.header('retry-after', String(seconds))
  done(new ApiError(429, 'request.rate_limited'))
}

// callback style, and no promise while the counters are in memory: the limited routes include hot
// ones, and each promise and async hook costs every request (docs/decisions/023-rate-limits.md)
function limitHook(limit: RouteRateLimit, counters: RateCounters): LimitHook {
  const { max, keyGenerator, skip } = limit
  return (request, reply, done) => {
    if (skip?.(request)) {
      done()
      return
    }
    // a key generator that throws is answered as any error (Fastify catches a hook's throw)
    const window = counters.hit(keyGenerator ? keyGenerator(request) : clientKey(request.ip), Date.now())
    if (window instanceof Promise) void window.then((counted) => decide(counted, max, reply, done))
    else decide(window, max, reply, done)
  }
}

function addHook(route: RouteOptions, hook: 'onRequest' | 'preHandler', handler: LimitHook): void {
  const current = route[hook] as LimitHook | LimitHook[] | undefined
  const hooks = current === undefined ? [] : Array.isArray(current) ? current : [current]
  ;(route as unknown as Record<string, LimitHook[]>)[hook] = [...hooks, handler]
}

/**
 * Resolves once the client is ready or has failed to connect (it keeps trying on its own), or after
 * a few seconds: a Redis that accepts the connection and never answers must not hold the start.
 */
function connected(redis: Redis): Promise<void> {
  return new Promise((resolve) => {
    if (redis.status === 'ready') return resolve()
    const settle = () => {
      clearTimeout(timer)
      redis.off('ready', settle)
      redis.off('error', settle)
      resolve()
    }
    const timer = setTimeout(settle, 3 * REDIS_COMMAND_TIMEOUT_MS)
    redis.once('ready', settle)
    redis.once('error', settle)
  })
}

/** How long a Redis command may take before it counts as failed (a frozen Redis). */
export const REDIS_COMMAND_TIMEOUT_MS = 1_000

/**
 * Rate limits are per route. A route owner writes:
 *
 *   app.post('/login', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, schema }, handler)
 *
 * or spreads `rateLimited(10, '1 minute')`, or gives a list of limits, counted in turn. Counters are
 * fixed windows per client address (or per the route's own key), in this process's memory, or in
 * Redis when REDIS_URL is set so that several API processes share them; during a Redis outage each
 * process counts alone again. A request over a limit is answered 429 `{ detail: 'Too many requests, please try again
 * later.' }` with Retry-After, the seconds left in its window. With Redis it also adds Redis to the
 * readiness checks: the counters' client, or the change feed's where caches use Redis too.
 */
async function rateLimit(app: FastifyInstance): Promise<void> {
  const { config } = app
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        lazyConnect: false,
        // a Redis that accepts and never answers must not hold the requests it counts: past this the
        // count fails and the request is let through, as when Redis is down
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit()))
    // ioredis reconnects on its own; one line when Redis goes away, not one per retry
    let down = false
    redis.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error }, 'rate limits: Redis unreachable, counted in this process alone')
      down = true
    })
    redis.on('ready', () => {
      down = false
    })
    // counters work from the first request when Redis is there at start
    await connected(redis)
  }

  app.addHook('onRoute', (route) => {
    const configured = route.config?.rateLimit
    if (configured === undefined) return
    const limits = Array.isArray(configured) ? configured : [configured as RouteRateLimit]
    const methods = Array.isArray(route.method) ? route.method.join(',') : route.method
    limits.forEach((limit, i) => {
      const ms = windowMs(limit.timeWindow)
      const counters =
        redis && !limit.perProcess
          ? new RedisCounters(redis, `maple-rl:${methods} ${route.url}#${i}:`, ms, limit.max)
          : new MemoryCounters(ms)
      addHook(route, limit.hook ?? 'onRequest', limitHook(limit, counters))
    })
  })
  if (redis) {
    const { changeFeed } = app
    app.readiness.add({
      name: 'redis',
      dependency: 'redis',
      // shared by every process: its outage degrades them all alike and unreadies none (027)
      degradesOnly: true,
      // where caches depend on it, the change feed says whether both its connections are up
      run: changeFeed ? () => changeFeed.check() : async () => void (await redis.ping()),
    })
  }
}

/** Route options enabling a limit: `app.post('/x', { ...rateLimited(RATE_LIMITS.ads.reveal), schema }, h)`. */
export function rateLimited({ max, timeWindow }: { max: number; timeWindow: TimeWindow }) {
  return { config: { rateLimit: { max, timeWindow } } }
}

export default fp(rateLimit, { name: 'rate-limit', dependencies: ['core', 'caches'] })
