import { sql } from 'drizzle-orm'
import type { Readiness } from '#domain/api/health.ts'
import type { Database } from '#server/db/client.ts'
import { type Dependency, type OutageLog, outageReason } from '#server/outages.ts'
import type { StartupWork } from '#server/startup-work.ts'

/** One question the readiness probe asks: it throws unless the dependency answers now. */
export interface ReadinessCheck {
  name: string
  /** The dependency whose outage this check's failure starts and its success ends (one log line each). */
  dependency?: Dependency
  /**
   * Its failure is reported but leaves the process ready: a dependency every process shares and can
   * serve without (Redis), whose outage would otherwise take every process, so the whole site, out
   * of the balancer at once (docs/decisions/027-health-and-draining.md).
   */
  degradesOnly?: boolean
  run: () => Promise<void>
}

/**
 * Thrown by a check to say the process itself is unfit (its own pool broken while the dependency
 * answers others): readiness fails even when the check only degrades for the dependency's outage
 * (docs/decisions/041-fault-drill.md).
 */
export class ProcessUnfit extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'ProcessUnfit'
  }
}

// a check that has not answered in this long has failed: a balancer probes about once a second
const CHECK_TIMEOUT_MS = 1_000
// a probe's answer is given again for this long: any number of balancers and orchestrators asking at
// once cost one round of checks
const REPORT_FRESH_MS = 500

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/**
 * GET /readyz's answer: every check (database, Redis when configured, media store) plus the start-up
 * work still pending; 'draining' from SIGTERM on. Cheap enough for a probe every second: the
 * answer is kept REPORT_FRESH_MS, probes asking meanwhile share the round under way, and a check
 * whose previous run has not answered yet is not asked again, so probes never pile up on a frozen
 * dependency (docs/decisions/027-health-and-draining.md).
 */
export class ReadinessProbe {
  private readonly checks: ReadinessCheck[] = []
  // each check's run under way: a frozen database gets one probe query at a time, not one a second
  private readonly asking = new Map<string, Promise<void>>()
  private last: { at: number; report: Readiness } | undefined
  private round: Promise<Readiness> | undefined
  private draining = false

  constructor(
    private readonly startup: StartupWork,
    private readonly outages: OutageLog,
    private readonly now: () => number = Date.now,
  ) {}

  add(check: ReadinessCheck): void {
    this.checks.push(check)
  }

  /** From now on the process answers 'draining' (503), so balancers stop sending it requests. */
  drain(): void {
    this.draining = true
  }

  get isDraining(): boolean {
    return this.draining
  }

  async report(): Promise<Readiness> {
    if (this.draining) return { status: 'draining', checks: { shutdown: 'finishing requests, then exiting' } }
    const last = this.last
    if (last !== undefined && this.now() - last.at < REPORT_FRESH_MS) return last.report
    this.round ??= this.probe().finally(() => {
      this.round = undefined
    })
    return this.round
  }

  private async ask(check: ReadinessCheck): Promise<{ answer: string; unfit: boolean }> {
    let run = this.asking.get(check.name)
    if (run === undefined) {
      run = check.run().finally(() => this.asking.delete(check.name))
      this.asking.set(check.name, run)
    }
    try {
      await within(run, CHECK_TIMEOUT_MS)
      if (check.dependency) this.outages.recovered(check.dependency)
      return { answer: 'ok', unfit: false }
    } catch (error) {
      if (error instanceof ProcessUnfit) return { answer: `unfit: ${error.message}`, unfit: true }
      if (check.dependency) this.outages.failed(check.dependency, error)
      return { answer: outageReason(error), unfit: false }
    }
  }

  private async probe(): Promise<Readiness> {
    const answers = await Promise.all(
      this.checks.map(async (check) => [check, await this.ask(check)] as const),
    )
    const checks: Record<string, string> = {}
    let ready = true
    for (const [check, { answer, unfit }] of answers) {
      checks[check.name] = answer === 'ok' || unfit || !check.degradesOnly ? answer : `degraded: ${answer}`
      if (unfit || (answer !== 'ok' && !check.degradesOnly)) ready = false
    }
    const unfinished = this.startup.unfinished()
    checks['start-up'] = unfinished.length === 0 ? 'ok' : `pending: ${unfinished.join(', ')}`
    if (unfinished.length > 0) ready = false
    const report: Readiness = { status: ready ? 'ready' : 'unready', checks }
    this.last = { at: this.now(), report }
    return report
  }
}

// how long the pool's `SELECT 1` may take before it counts as failed, and what is left of the check's
// second for a connection of its own
const POOL_ANSWER_MS = 700
const NEW_CONNECTION_MS = 250

/**
 * The database's readiness check. PostgreSQL is shared by every process: its outage only degrades
 * readiness, so the balancer keeps every process and each answers what needs the database 503 with
 * Retry-After while it serves kept pages, files and probes. When the pool fails but a connection of
 * this process's own is answered, the pool is what is broken: that process alone is unfit. A slow
 * pool (all its connections busy) is not unfit: under load every process would leave together
 * (docs/decisions/041-fault-drill.md).
 */
export function databaseCheck(database: Database): ReadinessCheck {
  return {
    name: 'database',
    dependency: 'database',
    degradesOnly: true,
    run: async () => {
      const pooled = database.db.execute(sql`SELECT 1`).then(
        () => undefined,
        (error: unknown) => ({ error }),
      )
      const answer = await within(pooled, POOL_ANSWER_MS).catch((error: unknown) => ({ error, slow: true }))
      if (answer === undefined) return
      if ('slow' in answer || database.reachable === undefined) throw answer.error
      try {
        await database.reachable(NEW_CONNECTION_MS)
      } catch {
        // nobody reaches it: the outage every process shares
        throw answer.error
      }
      throw new ProcessUnfit('its pool fails while the database answers a new connection', {
        cause: answer.error,
      })
    },
  }
}
