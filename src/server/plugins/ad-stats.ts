import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { AdStatsCounter } from '#server/services/ad-stats/ad-stats-counter.ts'

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
 * a timer and once more on close, before the database closes.
 */
async function adStats(app: FastifyInstance, { counter }: { counter: AdStatsCounter }): Promise<void> {
  app.decorate('adStats', counter)
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
  })
}

export default fp(adStats, { name: 'ad-stats' })
