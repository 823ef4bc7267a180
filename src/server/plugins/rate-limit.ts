import rateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import type { Config } from '#server/config.ts'
import { ApiError, RATE_LIMITED_DETAIL } from '#server/errors.ts'

/**
 * Rate limiting is opt-in per route (`global: false`). A route owner writes:
 *
 *   app.post('/login', { config: { rateLimit: { max: 10, timeWindow: '1 minute' } }, schema, handler })
 *
 * or spreads `rateLimited(10, '1 minute')`. Counters are per client IP, in memory for one process,
 * in Redis when REDIS_URL is set so several API processes share them. An exceeded limit answers 429
 * `{ detail: 'Too many requests, please try again later.' }` with a Retry-After header.
 */
export async function registerRateLimit(app: FastifyInstance, config: Config): Promise<void> {
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { connectTimeout: 1_000, maxRetriesPerRequest: 1, lazyConnect: false })
    : undefined
  if (redis) {
    app.addHook('onClose', async () => void (await redis.quit()))
    // ioredis reconnects on its own; one line when Redis goes away, not one per retry
    let down = false
    redis.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error }, 'rate limits: Redis unreachable, requests let through')
      down = true
    })
    redis.on('ready', () => {
      down = false
    })
  }

  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: 'maple-rl:' } : {}),
    // a Redis outage must not take the API down with it: let requests through instead
    skipOnError: true,
    // the counters go out only with a 429 (with Retry-After): the app never reads them, and on every
    // allowed answer they cost three headers (docs/decisions/019-api-answer-cost.md)
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new ApiError(context.statusCode, context.ban ? 'Forbidden' : RATE_LIMITED_DETAIL),
  })
}

/** Route options enabling a limit: `app.post('/x', { ...rateLimited(5, '1 minute'), schema }, h)`. */
export function rateLimited(max: number, timeWindow: string | number) {
  return { config: { rateLimit: { max, timeWindow } } }
}
