// Test-only job kinds for a server process (tests/support/server-process.ts): started with
// JOB_TEST_KINDS=tests/support/job-test-kinds.ts (NODE_ENV=test only), its job queue handles them
// (src/server/plugins/jobs.ts). Each run marks its start with a mail `started:<key>` and its effect
// is a mail `done:<key>` written in the job's completing transaction; both say the process id.
import { countDistinct, like } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { outbox } from '#server/db/schema/mail.ts'
import { defineJobKind, type JobHandler } from '#server/services/jobs/job-kind.ts'
import type { JobQueue } from '#server/services/jobs/job-queue.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'

const Payload = z.object({
  /** the first run hangs for good (the test kills its process): the next one finishes */
  hangOnFirstAttempt: z.boolean(),
  /** each run waits until runs have started in this many processes (so every process takes part) */
  waitForProcesses: z.number().int(),
})

/** Runs with the default lease. */
export const processJobKind = defineJobKind('test.process', Payload)
/** Its lease is short, so a test sees a killed process's job run elsewhere within seconds. */
export const shortLeaseJobKind = defineJobKind('test.short-lease', Payload)
const SHORT_LEASE_MS = 3_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function handleTestJobs(jobs: JobQueue, app: FastifyInstance): void {
  const { db } = app.database
  const pid = String(process.pid)
  const handler: JobHandler<z.infer<typeof Payload>> = async (job, { complete }) => {
    await enqueueMail(db, { to: 'jobs@example.com', subject: `started:${job.key}`, text: pid })
    if (job.payload.hangOnFirstAttempt && job.attempt === 1) await sleep(10 * 60_000)
    for (let waited = 0; waited < 20_000; waited += 50) {
      const [row] = await db
        .select({ processes: countDistinct(outbox.text) })
        .from(outbox)
        .where(like(outbox.subject, 'started:%'))
      if ((row?.processes ?? 0) >= job.payload.waitForProcesses) break
      await sleep(50)
    }
    await complete((tx) => enqueueMail(tx, { to: 'jobs@example.com', subject: `done:${job.key}`, text: pid }))
  }
  jobs.handle(processJobKind, handler)
  jobs.handle(shortLeaseJobKind, handler, { leaseMs: SHORT_LEASE_MS })
}
