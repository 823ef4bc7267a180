import type { z } from 'zod'
import type { Db } from '#server/db/client.ts'

/**
 * A kind of job: its name and the one zod definition of its payload, shared by whoever queues it
 * (enqueueJob, in the transaction of the cause) and its handler (registered once per app with
 * `app.jobs.handle`). Made with defineJobKind beside the service that queues it.
 */
export interface JobKind<T> {
  readonly name: string
  readonly payload: z.ZodType<T>
}

export function defineJobKind<T>(name: string, payload: z.ZodType<T>): JobKind<T> {
  return { name, payload }
}

/** One run of a job, as its handler sees it. */
export interface Job<T> {
  id: string
  kind: string
  /** The cause, unique within the kind. */
  key: string
  payload: T
  /** When it was meant to run (a retry or a run after a dead process's lease is later). */
  runAt: Date
  /** 1 on the first run; more after a failure or a process that died running it. */
  attempt: number
}

export interface JobContext {
  /**
   * Marks the job done in one transaction with `effect` (its writes through `tx` only): the mark is
   * `UPDATE jobs SET done_at … WHERE id = … AND lease_token = <this run's>`, and when it matches no
   * row (this run's lease ran out and another run took the job, or the job was cancelled) it throws
   * JobLeaseLost and `effect` rolls back. So a database effect written here happens once per job,
   * however many runs there were. A handler that never calls it is marked done when it returns.
   */
  complete<R>(effect: (tx: Db) => Promise<R>): Promise<R>
  /** The app's clock (`app.clock`). */
  now(): Date
}

export type JobHandler<T> = (job: Job<T>, context: JobContext) => Promise<void>

export interface JobHandlerOptions {
  /** Runs before the job is given up (failed_at set, logged once). Default DEFAULT_MAX_ATTEMPTS. */
  maxAttempts?: number
  /**
   * How long a run may take before another process may run the job again, taking it for dead.
   * Default DEFAULT_LEASE_MS: set it above the handler's own bounds (its HTTP timeouts).
   */
  leaseMs?: number
}

export const DEFAULT_MAX_ATTEMPTS = 10
export const DEFAULT_LEASE_MS = 60_000

/** A run's completion matched no row: another run holds the job now, or it was cancelled. */
export class JobLeaseLost extends Error {
  constructor(job: { kind: string; id: string }) {
    super(`job ${job.kind} ${job.id}: its lease was lost (run elsewhere or cancelled); nothing was written`)
    this.name = 'JobLeaseLost'
  }
}
