import autocannon from 'autocannon'
import { pacedLoad } from './paced-load.ts'
import { processCpuMs } from './process-cpu.ts'

export interface LoadFigures {
  requests: number
  rps: number
  /** the server's own CPU time per answer (µs), when its process was given */
  cpuUsPerAnswer?: number
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
  /** the process answering, whose CPU time is read around each run (process-cpu.ts) */
  pid?: number
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
 * How clients play many visitors at full speed: each connection sends from its own prebuilt list of
 * addresses. At a fixed rate (atFixedRate) each request gets a random address as it is sent.
 */
function optionsOf(target: LoadTarget): autocannon.Options {
  const options: autocannon.Options = {
    url: target.url,
    method: target.method ?? 'GET',
    headers: headersOf(target),
    ...(target.body === undefined ? {} : { body: JSON.stringify(target.body) }),
  }
  if (target.manyClients) {
    options.setupClient = (client: autocannon.Client) => client.setRequests(manyClientRequests(target))
  }
  return options
}

// slices per throughput comparison: the route and the bare route take turns (see throughputBeside)
const SLICES = 5

function combined(runs: autocannon.Result[], seconds: number): LoadFigures {
  const requests = runs.reduce((sum, r) => sum + r.requests.total, 0)
  return {
    requests,
    rps: requests / seconds,
    p50Ms: Math.max(...runs.map((r) => r.latency.p50)),
    p99Ms: Math.max(...runs.map((r) => r.latency.p99)),
    non2xx: runs.reduce((sum, r) => sum + r.non2xx, 0),
    errors: runs.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
  }
}

/**
 * As many requests as each server answers (10 connections, each sending the next request as soon
 * as the answer is in), the route and the bare route taking turns in slices of `seconds / 5`: the
 * speed of this shared machine drifts by half from one minute to the next (the bare route alone
 * measured 20,000 to 42,000 req/s in consecutive runs), so a ratio of two runs made a minute apart
 * measured the machine as much as the route. Taking turns puts both under the same drift.
 */
export async function throughputBeside(
  target: LoadTarget,
  bare: LoadTarget,
  seconds: number,
): Promise<{ top: LoadFigures; bare: LoadFigures }> {
  const route = { ...optionsOf(target), connections: 10 }
  const baseline = { ...optionsOf(bare), connections: 10 }
  // a short unrecorded run first: JIT warm-up and lazy caches are not what a running server shows
  await autocannon({ ...route, duration: 2 })
  await autocannon({ ...baseline, duration: 2 })
  const slice = Math.max(1, Math.round(seconds / SLICES))
  const routeRuns: autocannon.Result[] = []
  const bareRuns: autocannon.Result[] = []
  const cpu = { route: 0, bare: 0 }
  // the server's CPU time over its own slices only
  const timed = async (pid: number | undefined, run: () => Promise<autocannon.Result>) => {
    const before = pid ? processCpuMs(pid) : 0
    const result = await run()
    return { result, cpuMs: pid ? processCpuMs(pid) - before : 0 }
  }
  for (let i = 0; i < SLICES; i++) {
    const b = await timed(bare.pid, () => autocannon({ ...baseline, duration: slice }))
    bareRuns.push(b.result)
    cpu.bare += b.cpuMs
    const r = await timed(target.pid, () => autocannon({ ...route, duration: slice }))
    routeRuns.push(r.result)
    cpu.route += r.cpuMs
  }
  const perAnswer = (pid: number | undefined, cpuMs: number, runs: autocannon.Result[]) => {
    const answers = runs.reduce((sum, run) => sum + run.requests.total, 0)
    return pid && answers > 0 ? { cpuUsPerAnswer: (cpuMs * 1000) / answers } : {}
  }
  return {
    top: { ...combined(routeRuns, slice * SLICES), ...perAnswer(target.pid, cpu.route, routeRuns) },
    bare: { ...combined(bareRuns, slice * SLICES), ...perAnswer(bare.pid, cpu.bare, bareRuns) },
  }
}

/** A fixed arrival rate (not "as fast as possible"), so p99 says what users see at that load. */
export async function atFixedRate(target: LoadTarget, rate: number, seconds: number): Promise<LoadFigures> {
  const headers = headersOf(target)
  const body = target.body === undefined ? undefined : JSON.stringify(target.body)
  const figures = await pacedLoad(
    () => ({
      url: target.url,
      method: target.method ?? 'GET',
      headers: target.manyClients ? { ...headers, 'x-forwarded-for': randomClientIp() } : headers,
      ...(body === undefined ? {} : { body }),
    }),
    rate,
    seconds,
  )
  return { ...figures, non2xx: figures.failed + figures.redirects }
}
