import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client'
import type { DatabaseWait } from '#server/outages.ts'
import { RequestStats } from './request-stats.ts'

/** How a payment ended, as counted in maple_payments_total (one word per outcome). */
export type PaymentOutcome =
  | 'paid'
  | 'insufficient_balance'
  | 'refused'
  | 'replayed'
  | 'created'
  | 'settled'
  | 'expired'
  | 'invalid'
  | 'provider_error'

/** Who took the payment: the wallet, or the crypto provider of the charge. */
export type PaymentProviderLabel = 'wallet' | 'sandbox' | 'btcpay'

export type PaymentObserver = (provider: PaymentProviderLabel, outcome: PaymentOutcome) => void

/** The background loops whose last success and lag an operator watches (docs/decisions/041-fault-drill.md). */
export type BackgroundTask = 'mail_sender' | 'payment_reconciler'

/** Mail outbox figures: rows, rows due now, and how long the oldest row has waited (0 when empty). */
export interface OutboxCounts {
  waiting: number
  due: number
  oldestSeconds: number
}

/** node-postgres pool's own counts. */
interface PoolCounts {
  totalCount: number
  idleCount: number
  waitingCount: number
}

/** What a scrape reads from the parts of the app that keep their own numbers. */
export interface MetricSources {
  /** The PostgreSQL pool's counts; undefined on PGlite (one in-process connection, no pool). */
  pool?: () => PoolCounts
  /** The Redis change feed (PostgreSQL with REDIS_URL); undefined elsewhere. */
  changeFeed?: () => { subscribed: boolean; received: number; subscriptions: number }
  /** Whether the short caches may answer now; undefined when they are off for good. */
  cachesLive?: () => boolean
  /** Rows of the mail outbox: all, and those due now. Throws when the database does not answer. */
  outbox?: () => Promise<OutboxCounts>
  /** Requests the answer cache gave, by route pattern, since the start (running totals). */
  answerCacheHits?: () => ReadonlyMap<string, number>
}

// a scrape must answer while the database is down: a figure read from it gives up after this long
const DATABASE_READ_TIMEOUT_MS = 1_000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * The numbers an operator watches, in one prom-client registry per app (never prom-client's global
 * one, so two apps in one test process count apart). Requests are counted by route pattern, never
 * the raw URL, so an ad id or a search does not make a series of its own, in RequestStats: plain
 * numbers per route, formatted only when scraped, as are the answer cache's own hit counts
 * (docs/decisions/028-metrics-and-deployment.md). The rest are prom-client metrics.
 */
export class Metrics {
  readonly registry = new Registry()
  /** Requests Fastify answered, by route pattern (plugins/metrics.ts records them). */
  readonly requests = new RequestStats()
  private readonly payments: Counter<'provider' | 'outcome'>
  private readonly mediaErrors: Counter<'operation'>
  private readonly mailFailures: Counter<'outcome'>
  private readonly databaseWaits: Counter<'kind'>
  private readonly lastSuccess: Gauge<'task'>
  // each watched loop: when it started, when it last succeeded
  private readonly tasks = new Map<BackgroundTask, { since: number; last: number | undefined }>()
  // made with the first figure read from the database
  private readFailures: Counter | undefined

  constructor(private readonly sources: MetricSources = {}) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    this.payments = new Counter({
      name: 'maple_payments_total',
      help: 'Payments by provider (wallet, sandbox, btcpay) and outcome',
      labelNames: ['provider', 'outcome'],
      registers,
    })
    this.mediaErrors = new Counter({
      name: 'maple_media_store_errors_total',
      help: 'Media store calls (local disk or S3) that failed, by operation',
      labelNames: ['operation'],
      registers,
    })
    this.mailFailures = new Counter({
      name: 'maple_mail_send_failures_total',
      help: 'Mails the sender could not send, by outcome (retry: tried again later; dropped: the last attempt)',
      labelNames: ['outcome'],
      registers,
    })
    this.databaseWaits = new Counter({
      name: 'maple_db_wait_timeouts_total',
      help: 'Requests answered 503 because PostgreSQL cancelled a statement that waited too long, by kind (statement_timeout, lock_timeout): a locked table shows here',
      labelNames: ['kind'],
      registers,
    })
    this.lastSuccess = new Gauge({
      name: 'maple_background_last_success_timestamp_seconds',
      help: 'When a background loop of this process last succeeded (Unix time): mail_sender, payment_reconciler',
      labelNames: ['task'],
      registers,
    })
    const tasks = this.tasks
    new Gauge({
      name: 'maple_background_lag_seconds',
      help: 'Seconds since a background loop of this process last succeeded (since it started, if never)',
      labelNames: ['task'],
      registers,
      collect() {
        const now = Date.now()
        for (const [task, { since, last }] of tasks) this.set({ task }, (now - (last ?? since)) / 1000)
      },
    })
    this.poolGauges(sources, registers)
    this.feedGauges(sources, registers)
    this.outboxGauges(sources, registers)
  }

  private poolGauges(sources: MetricSources, registers: Registry[]): void {
    const { pool } = sources
    if (!pool) return
    const gauge = (name: string, help: string, read: (p: PoolCounts) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(pool()))
        },
      })
    gauge('maple_db_pool_connections', 'Connections the PostgreSQL pool holds', (p) => p.totalCount)
    gauge('maple_db_pool_idle_connections', 'Pooled connections not in use', (p) => p.idleCount)
    gauge(
      'maple_db_pool_waiting_requests',
      'Queries waiting for a pooled connection (all are in use)',
      (p) => p.waitingCount,
    )
  }

  private feedGauges(sources: MetricSources, registers: Registry[]): void {
    const { changeFeed, cachesLive } = sources
    if (cachesLive) {
      new Gauge({
        name: 'maple_caches_live',
        help: '1 while the short caches may answer (always on PGlite; on PostgreSQL while the change feed is up)',
        registers,
        collect() {
          this.set(cachesLive() ? 1 : 0)
        },
      })
    }
    if (!changeFeed) return
    new Gauge({
      name: 'maple_change_feed_subscribed',
      help: "1 while this process hears the other processes' changes through Redis",
      registers,
      collect() {
        this.set(changeFeed().subscribed ? 1 : 0)
      },
    })
    new Counter({
      name: 'maple_change_feed_received_total',
      help: 'Changes announced by other processes and received',
      registers,
      collect() {
        this.reset()
        this.inc(changeFeed().received)
      },
    })
    new Counter({
      name: 'maple_change_feed_subscriptions_total',
      help: 'Times the change feed (re)subscribed: each one after the first follows an outage',
      registers,
      collect() {
        this.reset()
        this.inc(changeFeed().subscriptions)
      },
    })
  }

  private outboxGauges(sources: MetricSources, registers: Registry[]): void {
    const { outbox } = sources
    if (!outbox) return
    // both gauges are collected at once in a scrape: one query answers the two
    const read = this.databaseFigure(outbox)
    const gauge = (name: string, help: string, pick: (counts: OutboxCounts) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          const counts = await read()
          // a stale or zero figure would look like a healthy one: NaN until the database answers
          this.set(counts ? pick(counts) : Number.NaN)
        },
      })
    gauge(
      'maple_mail_outbox_waiting',
      'Mails waiting in the outbox (not yet sent, including those backing off after a failure)',
      (counts) => counts.waiting,
    )
    gauge(
      'maple_mail_outbox_due',
      'Mails in the outbox whose next attempt is due now',
      (counts) => counts.due,
    )
    gauge(
      'maple_mail_outbox_oldest_waiting_seconds',
      'How long the oldest mail in the outbox has waited since it was queued (0 when none waits)',
      (counts) => counts.oldestSeconds,
    )
  }

  /**
   * `read` as a scrape may call it: answered within DATABASE_READ_TIMEOUT_MS or undefined (counted
   * in maple_metrics_read_failures_total), one read shared by the gauges a scrape collects together.
   */
  databaseFigure<T>(read: () => Promise<T>): () => Promise<T | undefined> {
    this.readFailures ??= new Counter({
      name: 'maple_metrics_read_failures_total',
      help: 'Scrapes that could not read a figure from the database (it reads NaN in that scrape)',
      registers: [this.registry],
    })
    const failures = this.readFailures
    let reading: Promise<T | undefined> | undefined
    return () => {
      reading ??= withTimeout(read(), DATABASE_READ_TIMEOUT_MS)
        .catch(() => {
          failures.inc()
          return undefined
        })
        .finally(() => {
          reading = undefined
        })
      return reading
    }
  }

  readonly countPayment: PaymentObserver = (provider, outcome) => {
    this.payments.inc({ provider, outcome })
  }

  countMediaStoreError(operation: string): void {
    this.mediaErrors.inc({ operation })
  }

  countDatabaseWait(kind: DatabaseWait): void {
    this.databaseWaits.inc({ kind })
  }

  countMailFailure(dropped: boolean): void {
    this.mailFailures.inc({ outcome: dropped ? 'dropped' : 'retry' })
  }

  /** Starts reporting `task`'s last success and lag; returns what the loop calls on each success. */
  watchTask(task: BackgroundTask): () => void {
    const watched = { since: Date.now(), last: undefined as number | undefined }
    this.tasks.set(task, watched)
    return () => {
      watched.last = Date.now()
      this.lastSuccess.set({ task }, watched.last / 1000)
    }
  }

  /** The text a Prometheus scraper reads, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const requests = this.requests.exposition(this.sources.answerCacheHits?.() ?? new Map())
    return { contentType: this.registry.contentType, body: `${await this.registry.metrics()}\n${requests}` }
  }
}
