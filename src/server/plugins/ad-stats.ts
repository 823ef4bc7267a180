import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { Redis } from 'ioredis'
import type { AdStatsCounter } from '#server/services/ad-stats/ad-stats-counter.ts'
import { RedisViewers } from '#server/services/ad-stats/shared-viewers.ts'
import { REDIS_COMMAND_TIMEOUT_MS } from './rate-limit.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Views and reveals counted in memory, written every AD_STATS_FLUSH_MS (docs/decisions/053-ad-stats.md). */
    adStats: AdStatsCounter
  }
}

/**
 * How often the counts reach the database: what a crashed process loses at most. A timer, not a job
 * (045): the flush is this process's own memory going to disk, with no cause to run exactly once.
 */
const AD_STATS_FLUSH_MS = 5_000

/**
 * The app's one counter (made with the HTTP server, which answers the view beacon itself), flushed on
 * a timer and once more on close, before the database closes. With REDIS_URL, the processes count a
 * visitor once a day between them (services/ad-stats/shared-viewers.ts).
 */
async function adStats(app: FastifyInstance, { counter }: { counter: AdStatsCounter }): Promise<void> {
  app.decorate('adStats', counter)
  // its own connection: a slow or absent Redis delays a flush, never a rate limit or the change feed
  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, {
        connectTimeout: 1_000,
        maxRetriesPerRequest: 1,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined
  if (redis) {
    redis.on('error', () => {})
    let unreachable = false
    redis.on('ready', () => {
      unreachable = false
    })
    counter.shareWith(new RedisViewers(redis), (error) => {
      if (!unreachable)
        app.log.warn({ err: error }, 'ad stats: Redis unreachable, visitors counted once per process')
      unreachable = true
    })
  }
  let failing = false
  const flush = () =>
    counter.flush(app.database.db).then(
      () => {
        failing = false
      },
      (error: unknown) => {
        // once per outage, not once per flush; the counts wait in memory for the next one
        if (!failing) app.log.warn({ err: error }, 'ad stats: flush failed, kept for the next one')
        failing = true
      },
    )
  const timer = setInterval(flush, AD_STATS_FLUSH_MS)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await flush()
    await redis?.quit().catch(() => redis.disconnect())
  })
}

export default fp(adStats, { name: 'ad-stats' })
