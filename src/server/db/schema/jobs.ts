import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Work that must happen later or elsewhere (an alert, a scheduled bump, a reminder), written in the
 * transaction of the change that causes it and run by the job queue (services/jobs/job-queue.ts,
 * docs/decisions/045-jobs.md). `key` names the cause: one (kind, key) is one job for ever (until the
 * retention job deletes the finished row), so writing it twice is harmless. A finished row (done or
 * failed) is kept for that, and deleted RETENTION.jobDays later.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    /** The job's kind (`alerts.send`): which handler runs it and how its payload is read. */
    kind: text('kind').notNull(),
    /** The cause, unique within the kind (`search:…:ad:…`). */
    key: text('key').notNull(),
    /** Read with the kind's zod schema when the job runs. */
    payload: jsonb('payload').notNull(),
    /** When it is meant to run; it never changes (a retry moves next_attempt_at). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    /** Not before this: run_at at first, then the end of a lease or of a back-off after a failure. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** Runs started so far (a run that a dead process left counts too). */
    attempts: integer('attempts').notNull().default(0),
    /** The current run's token: only its holder can finish the job (a stale run's finish matches no row). */
    leaseToken: uuid('lease_token'),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Given up after the kind's attempts (or its payload no longer reads). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('jobs_kind_key_idx').on(t.kind, t.key),
    // what every poll asks: the waiting jobs whose next attempt is due, oldest first
    index('jobs_waiting_idx').on(t.nextAttemptAt).where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    // what the retention job deletes
    index('jobs_finished_idx').on(sql`coalesce(${t.doneAt}, ${t.failedAt})`),
  ],
)

export type JobRow = typeof jobs.$inferSelect
