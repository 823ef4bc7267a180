import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { type OutageLog, outageOf, outageReason } from '#server/outages.ts'
import { type ClaimedRow, claimDueJobs, type DueJobs, readDueJobs } from './claim.ts'
import {
  DEFAULT_LEASE_MS,
  DEFAULT_MAX_ATTEMPTS,
  type Job,
  type JobContext,
  type JobHandler,
  type JobHandlerOptions,
  type JobKind,
  JobLeaseLost,
} from './job-kind.ts'

/** What the operator's metrics hear of each run (services/metrics/job-metrics.ts). */
export interface JobObserver {
  succeeded(kind: string): void
  failed(kind: string, gaveUp: boolean): void
}

export interface JobQueueDeps {
  db: Db
  clock: Clock
  log: FastifyBaseLogger
  outages: OutageLog
  observer?: JobObserver
  /** How often the queue looks for due jobs; 0: this process runs none (it can still queue them). */
  pollMs: number
}

/**
 * Jobs claimed by one query: they run side by side, each under its own lease. Half the PostgreSQL
 * pool (db/client.ts), so handlers in their transactions never take every connection from requests.
 */
export const JOB_BATCH = 5
/** A failed run waits this long before the next, doubled each time, at most RETRY_MAX_MS. */
export const RETRY_BASE_MS = 10_000
const RETRY_MAX_MS = 60 * 60 * 1000
/** On close: runs in progress get this long to finish; then their leases are given back. */
const STOP_WAIT_MS = 5_000
const ERROR_TEXT_MAX = 1_000

/** How long the job waits after its `attempt`-th failed run. */
export function retryDelayMs(attempt: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS)
}

interface Handled {
  kind: JobKind<unknown>
  handler: JobHandler<unknown>
  maxAttempts: number
  leaseMs: number
}

function message(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX)
}

function leaseLost(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof JobLeaseLost) return true
  return false
}

/**
 * Runs the jobs of the kinds this process handles, on PGlite (one connection) and on PostgreSQL
 * (several processes), the way the mail outbox is sent (services/mail/sender.ts): every `pollMs` a
 * query claims a batch of due jobs with FOR UPDATE SKIP LOCKED, gives each a new lease token and
 * pushes its next_attempt_at to the end of its lease. A process that dies mid-job only delays it
 * until its lease ends; a run that outlived its lease cannot finish the job, since finishing checks
 * the token (JobContext.complete). A throw is retried with back-off (retryDelayMs) until the kind's
 * attempts, then the job is given up, logged once. Due means `next_attempt_at <= clock.now()`, the
 * app's clock passed as a parameter, so a test moves time (docs/decisions/045-jobs.md).
 */
export class JobQueue {
  private readonly handled = new Map<string, Handled>()
  private readonly db: Db
  private readonly clock: Clock
  private readonly log: FastifyBaseLogger
  private readonly outages: OutageLog
  private readonly observer: JobObserver | undefined
  private readonly pollMs: number
  private readonly inFlight = new Map<string, { row: ClaimedRow; done: Promise<void> }>()
  private draining: Promise<number> | undefined
  private again = false
  private stopped = false
  private timer: NodeJS.Timeout | undefined
  // one log line per failing stretch of polls, not one per poll
  private pollFailing = false

  constructor(deps: JobQueueDeps) {
    this.db = deps.db
    this.clock = deps.clock
    this.log = deps.log
    this.outages = deps.outages
    this.observer = deps.observer
    this.pollMs = deps.pollMs
  }

  /**
   * Runs the jobs of `kind` in this process with `handler`: once per kind, before the app is ready
   * (a plugin of the feature that queues them). A process runs only the kinds it handles, so during
   * a rolling deploy an older process never takes a kind it does not know.
   */
  handle<T>(kind: JobKind<T>, handler: JobHandler<T>, options: JobHandlerOptions = {}): void {
    if (this.handled.has(kind.name)) throw new Error(`job kind ${kind.name} is handled already`)
    this.handled.set(kind.name, {
      kind: kind as JobKind<unknown>,
      handler: handler as JobHandler<unknown>,
      maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    })
  }

  /** The kinds this process runs. */
  kinds(): string[] {
    return [...this.handled.keys()]
  }

  /** Starts polling (the plugin calls it once the app is ready). */
  start(): void {
    if (this.pollMs <= 0 || this.timer || this.stopped) return
    this.timer = setInterval(() => this.drainQuietly(), this.pollMs)
    this.timer.unref()
  }

  /** Looks for due jobs now, without waiting (a job due now was queued and committed). */
  wake(): void {
    if (this.pollMs <= 0 || this.stopped) return
    setImmediate(() => this.drainQuietly())
  }

  /**
   * Runs every job due now, batch after batch, and resolves with how many runs ended (done, failed
   * or given up) once none is due. Tests call it after moving the clock.
   */
  runDue(): Promise<number> {
    if (this.draining) {
      this.again = true
      return this.draining
    }
    this.draining = (async () => {
      let total = 0
      do {
        this.again = false
        for (;;) {
          const claimed = await this.claim()
          await Promise.all(claimed.map((row) => this.track(row)))
          total += claimed.length
          if (claimed.length < JOB_BATCH || this.stopped) break
        }
      } while (this.again && !this.stopped)
      return total
    })().finally(() => {
      this.draining = undefined
    })
    return this.draining
  }

  /** Due jobs per handled kind (kinds with none say 0), for GET /metrics. */
  dueJobs(): Promise<DueJobs[]> {
    return readDueJobs(this.db, this.clock.now(), this.kinds())
  }

  /**
   * Stops polling and waits for the runs in progress, at most STOP_WAIT_MS; the leases of those still
   * running are then given back (next_attempt_at now, the attempt not counted), so another process
   * runs them at once, and their own completion, should it come, matches no row.
   */
  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    let timeout: NodeJS.Timeout | undefined
    const waited = new Promise<boolean>((resolve) => {
      timeout = setTimeout(() => resolve(false), STOP_WAIT_MS)
    })
    const finished = Promise.allSettled([...this.inFlight.values()].map((run) => run.done)).then(() => true)
    const allDone = await Promise.race([finished, waited])
    clearTimeout(timeout)
    if (allDone) return
    const rows = [...this.inFlight.values()].map((run) => run.row)
    const release = this.release(rows).catch((error: unknown) =>
      this.log.warn(
        { reason: outageReason(error) },
        'jobs: could not give back the leases of runs in progress',
      ),
    )
    // on PGlite a run holding a transaction holds the one connection: its lease then simply ends
    await Promise.race([release, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())])
  }

  private async release(rows: ClaimedRow[]): Promise<void> {
    for (const row of rows) {
      await this.db
        .update(jobs)
        .set({ nextAttemptAt: this.clock.now(), attempts: sql`${jobs.attempts} - 1`, leaseToken: null })
        .where(and(eq(jobs.id, row.id), eq(jobs.leaseToken, row.leaseToken)))
    }
    if (rows.length > 0) this.log.info({ jobs: rows.length }, 'jobs: leases of unfinished runs given back')
  }

  private drainQuietly(): void {
    if (this.stopped) return
    this.runDue().then(
      () => {
        if (!this.pollFailing) return
        this.pollFailing = false
        this.log.info('jobs: polling works again')
      },
      (error: unknown) => {
        const dependency = outageOf(error)
        // the outage log writes one line per outage for every part of the app
        if (dependency) this.outages.failed(dependency, error)
        else if (!this.pollFailing)
          this.log.error({ err: error }, 'jobs: polling failed; retrying every poll')
        this.pollFailing = true
      },
    )
  }

  private claim(): Promise<ClaimedRow[]> {
    if (this.handled.size === 0 || this.stopped) return Promise.resolve([])
    const leases = new Map([...this.handled].map(([name, h]) => [name, h.leaseMs]))
    return claimDueJobs(this.db, this.clock.now(), leases, JOB_BATCH)
  }

  private track(row: ClaimedRow): Promise<void> {
    const done = this.run(row)
      .catch((error: unknown) =>
        this.log.error({ err: error, job: row.id, kind: row.kind }, 'jobs: run failed'),
      )
      .finally(() => this.inFlight.delete(row.id))
    this.inFlight.set(row.id, { row, done })
    return done
  }

  private async run(row: ClaimedRow): Promise<void> {
    const handled = this.handled.get(row.kind)
    if (!handled) return
    if (row.attempts > handled.maxAttempts) {
      // the last attempt's process died (or its lease ran out) without an answer
      await this.failed(row, handled, new Error('its last attempt never finished (lease ran out)'), true)
      return
    }
    const payload = handled.kind.payload.safeParse(row.payload)
    if (!payload.success) {
      // it will not read better next time
      await this.failed(row, handled, new Error(`its payload does not read: ${payload.error.message}`), true)
      return
    }
    const job: Job<unknown> = {
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: payload.data,
      runAt: row.runAt,
      attempt: row.attempts,
    }
    let completed = false
    const complete = async <R>(effect: (tx: Db) => Promise<R>): Promise<R> => {
      if (completed) throw new Error(`job ${row.kind} ${row.id}: completed twice by its handler`)
      const result = await this.db.transaction(async (tx) => {
        const marked = await tx
          .update(jobs)
          .set({ doneAt: this.clock.now(), leaseToken: null, lastError: null })
          .where(and(eq(jobs.id, row.id), eq(jobs.leaseToken, row.leaseToken), isNull(jobs.doneAt)))
          .returning({ id: jobs.id })
        if (marked.length === 0) throw new JobLeaseLost(row)
        return effect(tx)
      })
      completed = true
      return result
    }
    const context: JobContext = { complete, now: () => this.clock.now() }
    try {
      await handled.handler(job, context)
      if (!completed) await complete(async () => undefined)
    } catch (error) {
      if (leaseLost(error)) {
        this.log.info(
          { job: row.id, kind: row.kind },
          'jobs: a run lost its lease; the job is run elsewhere or was cancelled',
        )
        return
      }
      await this.failed(row, handled, error, row.attempts >= handled.maxAttempts)
      return
    }
    this.observer?.succeeded(row.kind)
  }

  private async failed(row: ClaimedRow, handled: Handled, error: unknown, giveUp: boolean): Promise<void> {
    const now = this.clock.now()
    const marked = await this.db
      .update(jobs)
      .set({
        lastError: message(error),
        leaseToken: null,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(row.attempts)),
        ...(giveUp ? { failedAt: now } : {}),
      })
      .where(and(eq(jobs.id, row.id), eq(jobs.leaseToken, row.leaseToken)))
      .returning({ id: jobs.id })
    // its lease ran out meanwhile: the run that holds it now answers for it
    if (marked.length === 0) return
    this.observer?.failed(row.kind, giveUp)
    const fields = {
      job: row.id,
      kind: row.kind,
      key: row.key,
      attempts: row.attempts,
      error: message(error),
    }
    if (giveUp) {
      this.log.error({ ...fields, maxAttempts: handled.maxAttempts }, 'jobs: given up')
      return
    }
    const dependency = outageOf(error)
    if (dependency) this.outages.failed(dependency, error)
    else this.log.warn({ ...fields, retryInMs: retryDelayMs(row.attempts) }, 'jobs: run failed, will retry')
  }
}
