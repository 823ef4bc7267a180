// request latency: from a cache-fed GET (under a millisecond) to a photo upload on a slow link
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

const REQUESTS = 'maple_http_requests_total'
const DURATION = 'maple_http_request_duration_seconds'
const CACHE_HITS = 'maple_answer_cache_hits_total'

interface Series {
  count: number
  sum: number
  /** Observations per bucket (not cumulative: summed when written out). */
  buckets: number[]
}

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"')
}

function labelsOf(method: string, route: string, status: number): string {
  return `method="${escapeLabel(method)}",route="${escapeLabel(route)}",status_code="${status}"`
}

/** One route's requests by method and status: plain numbers, so a request costs a few map reads. */
export class RouteStats {
  readonly byMethod = new Map<string, Map<number, Series>>()

  constructor(readonly route: string) {}

  record(method: string, statusCode: number, seconds: number): void {
    let byStatus = this.byMethod.get(method)
    if (byStatus === undefined) {
      byStatus = new Map()
      this.byMethod.set(method, byStatus)
    }
    let series = byStatus.get(statusCode)
    if (series === undefined) {
      series = { count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) }
      byStatus.set(statusCode, series)
    }
    series.count++
    series.sum += seconds
    const bucket = LATENCY_BUCKETS.findIndex((bound) => seconds <= bound)
    if (bucket !== -1) series.buckets[bucket] = (series.buckets[bucket] ?? 0) + 1
  }
}

/**
 * Requests counted and timed by route pattern, written in Prometheus' text format at scrape time.
 * prom-client's own counter and histogram hash their label object on every call, which measured
 * about 10 µs per request here (docs/decisions/028-metrics-and-deployment.md): these are kept as
 * plain numbers instead, and only a scrape formats them.
 */
export class RequestStats {
  private readonly routes = new Map<string, RouteStats>()

  /** The stats of one route pattern (made once, when the route is declared). */
  route(label: string): RouteStats {
    let stats = this.routes.get(label)
    if (stats === undefined) {
      stats = new RouteStats(label)
      this.routes.set(label, stats)
    }
    return stats
  }

  /**
   * The request counter (answer-cache hits, by route, counted as GET 200s: they never reach
   * Fastify), the latency histogram of the requests that reached the app, and the hits alone.
   */
  exposition(cacheHits: ReadonlyMap<string, number>): string {
    const counts = [
      `# HELP ${REQUESTS} HTTP requests answered, by method, route pattern and status (answer-cache hits included)`,
      `# TYPE ${REQUESTS} counter`,
    ]
    const durations = [
      `# HELP ${DURATION} Time to answer a request that reached the app (answer-cache hits are not timed)`,
      `# TYPE ${DURATION} histogram`,
    ]
    const hitsSeen = new Set<string>()
    for (const stats of this.routes.values()) {
      for (const [method, byStatus] of stats.byMethod) {
        for (const [status, series] of byStatus) {
          const labels = labelsOf(method, stats.route, status)
          const hits = method === 'GET' && status === 200 ? (cacheHits.get(stats.route) ?? 0) : 0
          if (hits > 0) hitsSeen.add(stats.route)
          counts.push(`${REQUESTS}{${labels}} ${series.count + hits}`)
          let cumulative = 0
          LATENCY_BUCKETS.forEach((bound, i) => {
            cumulative += series.buckets[i] ?? 0
            durations.push(`${DURATION}_bucket{${labels},le="${bound}"} ${cumulative}`)
          })
          durations.push(`${DURATION}_bucket{${labels},le="+Inf"} ${series.count}`)
          durations.push(`${DURATION}_sum{${labels}} ${series.sum}`)
          durations.push(`${DURATION}_count{${labels}} ${series.count}`)
        }
      }
    }
    const hitLines = [
      `# HELP ${CACHE_HITS} GET requests answered from the answer cache before reaching the app, by route pattern`,
      `# TYPE ${CACHE_HITS} counter`,
    ]
    for (const [route, hits] of cacheHits) {
      // a kept answer always went through the app once first, so its route has a series already
      if (!hitsSeen.has(route) && hits > 0) counts.push(`${REQUESTS}{${labelsOf('GET', route, 200)}} ${hits}`)
      hitLines.push(`${CACHE_HITS}{route="${escapeLabel(route)}"} ${hits}`)
    }
    return `${[...counts, '', ...durations, '', ...hitLines].join('\n')}\n`
  }
}
