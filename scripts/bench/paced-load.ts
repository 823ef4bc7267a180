// A fixed arrival rate, as users arrive: one request every 1000/rate ms, whether or not the earlier
// ones have answered (an open loop), each timed from the moment it was due. Not autocannon's
// `overallRate`: it lets each connection send its share of the second back to back at the start of
// the second and then wait (200 requests at once every second, not one every 5 ms), and it adds
// synthetic samples for a 1 ms expected interval, which at 10 a second per connection turns one
// 50 ms answer into fifty samples (docs/decisions/030-page-cache-and-render.md, "How the fixed
// rate is measured").
import http from 'node:http'
import { percentile } from './report.ts'

export interface PacedRequest {
  url: string
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
}

export interface PacedFigures {
  requests: number
  rps: number
  p50Ms: number
  p99Ms: number
  /** answers outside 2xx and 3xx */
  failed: number
  redirects: number
  errors: number
}

// an answer slower than this counts as an error (and its time as this)
const TIMEOUT_MS = 10_000

function send(agent: http.Agent, request: PacedRequest): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      request.url,
      { agent, method: request.method ?? 'GET', headers: request.headers, timeout: TIMEOUT_MS },
      (answer) => {
        answer.on('data', () => {})
        answer.on('end', () => resolve(answer.statusCode ?? 0))
        answer.on('error', reject)
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timeout')))
    outgoing.on('error', reject)
    outgoing.end(request.body)
  })
}

/**
 * `rate` requests a second for `seconds`, the i-th made by `next(i)`, over at most `connections`
 * kept-alive connections (a request due while all are busy waits for one, and that wait counts).
 */
export async function pacedLoad(
  next: (i: number) => PacedRequest,
  rate: number,
  seconds: number,
  connections = 20,
): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const total = Math.round(rate * seconds)
  const interval = 1000 / rate
  const times: number[] = []
  let failed = 0
  let redirects = 0
  let errors = 0
  const inFlight: Promise<void>[] = []
  const started = performance.now()
  const fire = (i: number) => {
    const due = started + i * interval
    inFlight.push(
      send(agent, next(i)).then(
        (status) => {
          times.push(performance.now() - due)
          if (status >= 300 && status < 400) redirects++
          else if (status < 200 || status >= 400) failed++
        },
        () => {
          times.push(Math.max(TIMEOUT_MS, performance.now() - due))
          errors++
        },
      ),
    )
  }
  let i = 0
  while (i < total) {
    const now = performance.now()
    while (i < total && started + i * interval <= now) fire(i++)
    const wait = started + i * interval - performance.now()
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
  }
  await Promise.all(inFlight)
  const wall = (performance.now() - started) / 1000
  agent.destroy()
  times.sort((a, b) => a - b)
  return {
    requests: total,
    rps: total / wall,
    p50Ms: percentile(times, 50),
    p99Ms: percentile(times, 99),
    failed,
    redirects,
    errors,
  }
}
