import autocannon from 'autocannon'

export interface LoadFigures {
  requests: number
  rps: number
  p50Ms: number
  p99Ms: number
  non2xx: number
  errors: number
}

export interface LoadTarget {
  label: string
  url: string
  method?: 'GET' | 'POST'
  body?: unknown
  headers?: Record<string, string>
  /**
   * Each request from a different client address (X-Forwarded-For; the bench server trusts the
   * proxy header): per-IP rate limits then see many visitors, as in real traffic, instead of one
   * client hammering the route, and the figures are the handler's, not the 429 path's.
   */
  manyClients?: boolean
}

function randomClientIp(): string {
  const octet = () => Math.floor(Math.random() * 254) + 1
  return `10.${octet()}.${octet()}.${octet()}`
}

// per connection: enough distinct addresses that none reaches a 60-a-minute limit in a run
const CLIENTS_PER_CONNECTION = 1000
let nextBlock = 0

/**
 * A connection's requests, each from its own address in the connection's own block: built once, as
 * autocannon builds a plain target's request once. Building a request for every send (its
 * `setupRequest`) costs the load generator, on the same 2 cores, about a third of its capacity
 * (measured against the bare route), which the server's figure would then pay for.
 */
function manyClientRequests(target: LoadTarget): autocannon.Request[] {
  const block = nextBlock++ % 250
  const body = target.body === undefined ? {} : { body: JSON.stringify(target.body) }
  return Array.from({ length: CLIENTS_PER_CONNECTION }, (_, i) => ({
    method: target.method ?? 'GET',
    headers: { ...headersOf(target), 'x-forwarded-for': `10.${block}.${i >> 8}.${(i & 255) + 1}` },
    ...body,
  }))
}

function headersOf(target: LoadTarget): Record<string, string> {
  return {
    ...(target.body === undefined ? {} : { 'content-type': 'application/json' }),
    ...target.headers,
  }
}

/** Probes a target once, so a missing route is reported as such instead of timed as a 404. */
export async function probe(target: LoadTarget): Promise<string | undefined> {
  try {
    const res = await fetch(target.url, {
      method: target.method ?? 'GET',
      headers: headersOf(target),
      ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
    })
    if (!res.ok) return `answered ${res.status} to a probe: ${(await res.text()).slice(0, 120)}`
    return undefined
  } catch (error) {
    return `unreachable: ${(error as Error).message}`
  }
}

/**
 * How clients play many visitors: at full speed each connection sends from its own prebuilt list of
 * addresses; at a fixed rate each request gets a random address as it is sent, because autocannon
 * given a list of requests no longer keeps to `overallRate` (595 a second for 500, p99 200 ms), and
 * at 500 a second building a request costs the generator nothing that matters.
 */
function optionsOf(target: LoadTarget, pace: 'full speed' | 'fixed rate'): autocannon.Options {
  const options: autocannon.Options = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: headersOf(target),
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  }
  if (target.manyClients && pace === 'full speed') {
    options.setupClient = (client: autocannon.Client) => client.setRequests(manyClientRequests(target))
  } else if (target.manyClients) {
    options.requests = [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { ...request.headers, 'x-forwarded-for': randomClientIp() },
        }),
      },
    ]
  }
  return options
}

function figuresOf(result: autocannon.Result): LoadFigures {
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

/**
 * As many requests as the server answers (10 connections, each sending the next request as soon
 * as the answer is in): the throughput figure compared with the bare route's.
 */
export async function maxThroughput(target: LoadTarget, seconds: number): Promise<LoadFigures> {
  const options = { ...optionsOf(target, 'full speed'), connections: 10 }
  // a short unrecorded run first: JIT warm-up and lazy caches are not what a running server shows
  await autocannon({ ...options, duration: 2 })
  return figuresOf(await autocannon({ ...options, duration: seconds }))
}

/** A fixed arrival rate (not "as fast as possible"), so p99 says what users see at that load. */
export async function atFixedRate(target: LoadTarget, rate: number, seconds: number): Promise<LoadFigures> {
  const options = { ...optionsOf(target, 'fixed rate'), connections: 20, overallRate: rate }
  return figuresOf(await autocannon({ ...options, duration: seconds }))
}
