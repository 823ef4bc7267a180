import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { scheduledBumpKind } from '#server/services/bump-schedules/bump-kind.ts'
import { runScheduledBump } from '#server/services/bump-schedules/bump-schedules.ts'

/**
 * Runs the moments of scheduled bumps in this process (docs/decisions/050-scheduled-bumps.md): each
 * charges inside `complete`, so the charge and the job's end commit together, once per moment. The
 * lease is the queue's minute: a moment whose process died runs elsewhere within it.
 */
async function bumpSchedules(app: FastifyInstance): Promise<void> {
  app.jobs.handle(scheduledBumpKind, async (job, { complete, now }) => {
    const result = await complete((tx) => runScheduledBump(tx, job.payload, now(), app.config.PUBLIC_URL))
    app.log.info({ key: job.key, result }, 'scheduled bump')
  })
}

export default fp(bumpSchedules, { name: 'bump-schedules', dependencies: ['jobs'] })
