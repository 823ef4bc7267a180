import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import {
  HEALTHZ_PATH,
  LivenessSchema,
  READYZ_PATH,
  type Readiness,
  ReadinessSchema,
} from '#domain/api/health.ts'
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

  private async ask(check: ReadinessCheck): Promise<string> {
    let run = this.asking.get(check.name)
    if (run === undefined) {
      run = check.run().finally(() => this.asking.delete(check.name))
      this.asking.set(check.name, run)
    }
    try {
      await within(run, CHECK_TIMEOUT_MS)
      if (check.dependency) this.outages.recovered(check.dependency)
      return 'ok'
    } catch (error) {
      if (check.dependency) this.outages.failed(check.dependency, error)
      return outageReason(error)
    }
  }

  private async probe(): Promise<Readiness> {
    const answers = await Promise.all(
      this.checks.map(async (check) => [check, await this.ask(check)] as const),
    )
    const checks: Record<string, string> = {}
    let ready = true
    for (const [check, answer] of answers) {
      checks[check.name] = answer === 'ok' || !check.degradesOnly ? answer : `degraded: ${answer}`
      if (answer !== 'ok' && !check.degradesOnly) ready = false
    }
    const unfinished = this.startup.unfinished()
    checks['start-up'] = unfinished.length === 0 ? 'ok' : `pending: ${unfinished.join(', ')}`
    if (unfinished.length > 0) ready = false
    const report: Readiness = { status: ready ? 'ready' : 'unready', checks }
    this.last = { at: this.now(), report }
    return report
  }
}

/** GET /healthz (alive) and GET /readyz (ready for traffic), outside /api: deployments name these paths. */
export function registerHealth(app: FastifyInstance, readiness: ReadinessProbe): void {
  const probes = app.withTypeProvider<ZodTypeProvider>()
  // a balancer asks every second: its requests are not worth a log line each
  const quiet = { logLevel: 'warn' as const }
  probes.get(
    HEALTHZ_PATH,
    {
      ...quiet,
      schema: {
        summary: 'Liveness: the process answers (it never looks at a dependency)',
        tags: ['health'],
        response: { 200: LivenessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    },
  )
  probes.get(
    READYZ_PATH,
    {
      ...quiet,
      schema: {
        summary: 'Readiness: 200 when this process should get traffic, 503 with what failed otherwise',
        tags: ['health'],
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await readiness.report()
      return reply
        .code(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report)
    },
  )
}
