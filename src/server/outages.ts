import { DrizzleQueryError } from 'drizzle-orm/errors'
import type { FastifyBaseLogger } from 'fastify'

/**
 * What the server depends on that can be down, frozen or out of reach while the process itself is
 * fine. A request that fails because of one of them is answered 503 with Retry-After, not 500
 * (docs/decisions/027-health-and-draining.md).
 */
export type Dependency = 'database' | 'media store' | 'redis'

/** How long a client should wait before trying again, in seconds (the Retry-After of every 503). */
export const RETRY_AFTER_SECONDS = 5

/** Thrown where a dependency is called, when it did not answer (refused, timed out, connection lost). */
export class DependencyUnavailable extends Error {
  readonly dependency: Dependency

  constructor(dependency: Dependency, options?: { cause?: unknown }) {
    super(`${dependency} unavailable`, options)
    this.name = 'DependencyUnavailable'
    this.dependency = dependency
  }
}

// SQLSTATE classes and codes that say the server or the connection is the problem, not the query:
// 08 connection exceptions, 53 insufficient resources (too many connections, disk full), 57P admin
// shutdown / crash shutdown / cannot connect now (a restart, a failover, pg_terminate_backend), 57014
// a statement cancelled by statement_timeout, 55P03 a lock not granted within lock_timeout
const OUTAGE_SQLSTATE = /^(08...|53...|57P0.|57014|55P03)$/
// node-postgres's own messages when the connection is gone or a timeout it runs fired
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed)/
// a socket that could not reach a server or lost it on the way
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
])

interface ErrorShape {
  name?: unknown
  code?: unknown
  message?: unknown
  cause?: unknown
}

function causes(error: unknown): ErrorShape[] {
  const chain: ErrorShape[] = []
  let current = error
  // a short chain: drizzle wraps the driver's error once, our wrappers once more
  while (typeof current === 'object' && current !== null && chain.length < 6) {
    chain.push(current as ErrorShape)
    current = (current as ErrorShape).cause
  }
  return chain
}

/**
 * The dependency whose outage made this error, or undefined for any other error (a bug, a bad
 * query, a constraint), which stays a 500. drizzle wraps every query error (`DrizzleQueryError`,
 * its message holding the SQL); the driver's error is its cause.
 */
export function outageOf(error: unknown): Dependency | undefined {
  const chain = causes(error)
  const throughDrizzle = chain.some((link) => link instanceof DrizzleQueryError)
  for (const link of chain) {
    if (link instanceof DependencyUnavailable) return link.dependency
    if (typeof link.code === 'string' && OUTAGE_SQLSTATE.test(link.code)) return 'database'
    if (typeof link.message === 'string' && LOST_CONNECTION.test(link.message)) return 'database'
  }
  // a refused or reset socket under a query is the database's; elsewhere it is nobody we can name
  if (throughDrizzle && chain.some((link) => typeof link.code === 'string' && NETWORK_CODES.has(link.code)))
    return 'database'
  return undefined
}

/** A statement the database cancelled for waiting too long, by its SQLSTATE (57014, 55P03). */
export type DatabaseWait = 'statement_timeout' | 'lock_timeout'

/**
 * Whether this error is a statement PostgreSQL cancelled after waiting (its statement timeout, or a
 * lock not granted): counted in the metrics, where a locked table otherwise shows only as 503s
 * (docs/decisions/041-fault-drill.md).
 */
export function databaseWaitOf(error: unknown): DatabaseWait | undefined {
  for (const link of causes(error)) {
    if (link.code === '57014') return 'statement_timeout'
    if (link.code === '55P03') return 'lock_timeout'
  }
  return undefined
}

/** The innermost cause's message, with its SQLSTATE or system code: never the query or its values. */
export function outageReason(error: unknown): string {
  const chain = causes(error)
  const root = chain[chain.length - 1]
  const message = typeof root?.message === 'string' && root.message ? root.message : String(error)
  return typeof root?.code === 'string' ? `${message} (${root.code})` : message
}

// what the process does meanwhile, in the outage's one line: without Redis requests are served
// (rate limits per process, caches off, docs/decisions/027-health-and-draining.md), so no 503 is said
const OUTAGE_LINE: Record<Dependency, string> = {
  database: 'database unavailable: answering what needs it 503 with Retry-After until it is back',
  'media store': 'media store unavailable: answering what needs it 503 with Retry-After until it is back',
  redis:
    'redis unavailable: serving without it (rate limits counted per process, caches off) until it is back',
}

interface Outage {
  since: number
  last: number
  answered: number
}

/**
 * One log line when a dependency goes down and one when it is back, instead of a stack per request
 * (an outage used to write about a hundred a second). An outage ends when the readiness probe sees
 * the dependency answer again, or after `quietMs` without a failure.
 */
export class OutageLog {
  private readonly outages = new Map<Dependency, Outage>()

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly quietMs = 30_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** A failure caused by `dependency`; logged only when it starts an outage. */
  failed(dependency: Dependency, error: unknown): void {
    const now = this.now()
    const current = this.outages.get(dependency)
    if (current !== undefined && now - current.last < this.quietMs) {
      current.last = now
      current.answered++
      return
    }
    this.outages.set(dependency, { since: now, last: now, answered: 1 })
    this.log.warn({ dependency, reason: outageReason(error) }, OUTAGE_LINE[dependency])
  }

  /** The dependency answered (a readiness probe passed): ends its outage, with one line. */
  recovered(dependency: Dependency): void {
    const current = this.outages.get(dependency)
    if (current === undefined) return
    this.outages.delete(dependency)
    this.log.info(
      { dependency, seconds: Math.round((this.now() - current.since) / 1000), failures: current.answered },
      `${dependency} is back`,
    )
  }

  /** Whether an outage of `dependency` is under way. */
  down(dependency: Dependency): boolean {
    const current = this.outages.get(dependency)
    return current !== undefined && this.now() - current.last < this.quietMs
  }
}
