import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'

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
  outbox?: () => Promise<{ waiting: number; due: number }>
  /** Requests the answer cache gave, by route pattern, since the start (running totals). */
  answerCacheHits?: () => ReadonlyMap<string, number>
}

// request latency: from a cache-fed GET (under a millisecond) to a photo upload on a slow link
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
// a scrape must answer while the database is down: the outbox count gives up after this long
const OUTBOX_READ_TIMEOUT_MS = 1_000

interface RouteSeries {
  count: { inc(): void }
  latency: { observe(value: number): void }
}

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
 * the raw URL, so an ad id or a search does not make a series of its own. The per-request work is a
 * map lookup, an increment and a histogram observation on series made once per route and status;
 * the answer cache's hits are plain integers it keeps itself, read only when scraped
 * (docs/decisions/028-metrics-and-deployment.md).
 */
export class Metrics {
  readonly registry = new Registry()
  private readonly requests: Counter<'method' | 'route' | 'status_code'>
  private readonly latency: Histogram<'method' | 'route' | 'status_code'>
  private readonly payments: Counter<'provider' | 'outcome'>
  private readonly mediaErrors: Counter<'operation'>
  private readonly series = new Map<string, RouteSeries>()
  // the answer cache's totals at the last scrape: each scrape adds what came since
  private readonly hitsSeen = new Map<string, number>()

  constructor(sources: MetricSources = {}) {
    const registers = [this.registry]
    collectDefaultMetrics({ register: this.registry })
    const hitsSeen = this.hitsSeen
    this.requests = new Counter({
      name: 'maple_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status (answer-cache hits included)',
      labelNames: ['method', 'route', 'status_code'],
      registers,
      collect() {
        const hits = sources.answerCacheHits?.()
        if (!hits) return
        for (const [route, total] of hits) {
          const added = total - (hitsSeen.get(route) ?? 0)
          if (added > 0) this.inc({ method: 'GET', route, status_code: '200' }, added)
          hitsSeen.set(route, total)
        }
      },
    })
    this.latency = new Histogram({
      name: 'maple_http_request_duration_seconds',
      help: 'Time to answer a request that reached the app (answer-cache hits are not timed)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers,
    })
    new Counter({
      name: 'maple_answer_cache_hits_total',
      help: 'GET requests answered from the answer cache before reaching the app, by route pattern',
      labelNames: ['route'],
      registers,
      collect() {
        const hits = sources.answerCacheHits?.()
        if (!hits) return
        this.reset()
        for (const [route, total] of hits) this.inc({ route }, total)
      },
    })
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
    const failures = new Counter({
      name: 'maple_metrics_read_failures_total',
      help: 'Scrapes that could not read a figure from the database (it reads NaN in that scrape)',
      registers,
    })
    // both gauges are collected at once in a scrape: one query answers the two
    let reading: Promise<{ waiting: number; due: number } | undefined> | undefined
    const read = () => {
      reading ??= withTimeout(outbox(), OUTBOX_READ_TIMEOUT_MS)
        .catch(() => {
          failures.inc()
          return undefined
        })
        .finally(() => {
          reading = undefined
        })
      return reading
    }
    const gauge = (name: string, help: string, pick: (counts: { waiting: number; due: number }) => number) =>
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
  }

  /** Counts one request Fastify answered; `route` is the pattern (`/api/ads/:id`), never the URL. */
  observeRequest(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${statusCode} ${route}`
    let series = this.series.get(key)
    if (series === undefined) {
      const labels = { method, route, status_code: String(statusCode) }
      series = { count: this.requests.labels(labels), latency: this.latency.labels(labels) }
      this.series.set(key, series)
    }
    series.count.inc()
    series.latency.observe(seconds)
  }

  readonly countPayment: PaymentObserver = (provider, outcome) => {
    this.payments.inc({ provider, outcome })
  }

  countMediaStoreError(operation: string): void {
    this.mediaErrors.inc({ operation })
  }

  /** The text a Prometheus scraper reads, and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() }
  }
}
