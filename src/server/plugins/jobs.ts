import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { JobQueue } from '#server/services/jobs/job-queue.ts'
import { jobMetrics } from '#server/services/metrics/job-metrics.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The job queue of this process (docs/decisions/045-jobs.md): a feature's plugin registers the
     * handler of each kind it queues with `app.jobs.handle(kind, handler)`; jobs are queued with
     * enqueueJob in the cause's transaction.
     */
    jobs: JobQueue
  }
}

/** What a JOB_TEST_KINDS module exports: it registers test-only kinds on a test server's queue. */
interface TestJobKinds {
  handleTestJobs(jobs: JobQueue, app: FastifyInstance): void
}

/**
 * Makes the app's one job queue, counted by its metrics and woken by its own committed jobs; starts
 * it once the app is ready (every kind registered by then) and stops it on close, before the
 * database closes (main.ts closes that after the app).
 */
async function jobs(app: FastifyInstance): Promise<void> {
  const { config, database, clock } = app
  const queue: JobQueue = new JobQueue({
    db: database.db,
    clock,
    log: app.log,
    outages: app.outages,
    pollMs: config.JOB_POLL_MS,
    observer: jobMetrics(app.metrics, () => queue.dueJobs()),
  })
  app.decorate('jobs', queue)
  const stopHearing = database.changes.listenForJobs((runAt) => {
    if (runAt <= clock.now()) queue.wake()
  })
  // a test server process (tests/support/server-process.ts) gets its test-only kinds this way;
  // config.ts refuses the variable outside NODE_ENV=test
  if (config.NODE_ENV === 'test' && config.JOB_TEST_KINDS) {
    const module = (await import(pathToFileURL(resolve(config.JOB_TEST_KINDS)).href)) as TestJobKinds
    module.handleTestJobs(queue, app)
  }
  app.addHook('onReady', async () => queue.start())
  app.addHook('onClose', async () => {
    stopHearing()
    await queue.stop()
  })
}

export default fp(jobs, { name: 'jobs' })
