import { and, eq, isNull, sql } from 'drizzle-orm'
import { queuedJob } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import type { JobKind } from './job-kind.ts'

export interface NewJob<T> {
  kind: JobKind<T>
  /** The cause, unique within the kind: a second job with the same key is not queued. */
  key: string
  runAt: Date
  payload: T
}

/**
 * Queues a job in the caller's transaction (pass its `tx`): it exists once the cause commits, and
 * never if it rolls back. `INSERT … ON CONFLICT DO NOTHING` on (kind, key): one cause gives one job,
 * even when two requests queue it at once or after it ran (its row is kept RETENTION.jobDays).
 * Answers whether this call queued it. The payload is checked against the kind's schema here, and
 * read with it again when the job runs.
 */
export async function enqueueJob<T>(db: Db, job: NewJob<T>): Promise<boolean> {
  job.kind.payload.parse(job.payload)
  const queued = await db
    .insert(jobs)
    .values({
      kind: job.kind.name,
      key: job.key,
      payload: job.payload,
      runAt: job.runAt,
      nextAttemptAt: job.runAt,
    })
    .onConflictDoNothing({ target: [jobs.kind, jobs.key] })
    .returning({ id: jobs.id })
  if (queued.length === 0) return false
  queuedJob(db, job.runAt)
  return true
}

export type JobsToCancel<T> =
  | { kind: JobKind<T>; keyPrefix: string }
  /** jobs whose payload holds these fields with these values (jsonb `@>`) */
  | { kind: JobKind<T>; payload: Partial<T> }

/**
 * Deletes the waiting jobs of a kind that match (a schedule cancelled: its moments not yet run),
 * in the caller's transaction; answers how many. A job running now is cancelled too: its
 * `complete` then matches no row and its effect rolls back. Finished jobs stay (their keys keep the
 * causes from being queued again).
 */
export async function cancelJobs<T>(db: Db, which: JobsToCancel<T>): Promise<number> {
  const match =
    'keyPrefix' in which
      ? sql`starts_with(${jobs.key}, ${which.keyPrefix})`
      : sql`${jobs.payload} @> ${JSON.stringify(which.payload)}::jsonb`
  const cancelled = await db
    .delete(jobs)
    .where(and(eq(jobs.kind, which.kind.name), isNull(jobs.doneAt), isNull(jobs.failedAt), match))
    .returning({ id: jobs.id })
  return cancelled.length
}
