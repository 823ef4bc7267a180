// Issue 42 item 1's cost goal (docs/decisions/053-ad-stats.md): counting 1,000 ad views a second costs
// at most 5 % of the page throughput. The app sends the views of a visit in one beacon, so 1,000 views a
// second arrive as fewer beacons: VISITS says how many ads the visits open. The ad page is loaded as
// fast as the server answers, in slices that take turns with and without those beacons sent beside it
// (the machine's speed
// drifts: see api-load.ts). The goal is read from the server's own CPU time (process-cpu.ts): what a
// beacon costs beside what a page costs. The beacons' generator shares the machine's two cores with the
// server and autocannon, so the wall-clock figure with beacons sent beside the pages is context: it
// measures the generator as much as the server.
import autocannon from 'autocannon'
import { adPath } from '#domain/ad-path.ts'
import type { CategoryKey } from '#domain/categories.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import { pacedLoad } from './paced-load.ts'
import { processCpuMs } from './process-cpu.ts'
import { note, row, section } from './report.ts'
import { ensureServerBuild, startAppServer, startBareServer } from './server.ts'

const VIEWS_PER_SECOND = 1000
// ads opened per visit, one beacon each: two visits of one ad (an ad page reached from a search engine
// or a shared link), then visits that browse a listing's dialog; 3 views a beacon on average
const VISITS = [1, 1, 2, 3, 8]
const viewsPerBeacon = (visits: number[]) => visits.reduce((sum, ads) => sum + ads, 0) / visits.length
const BEACONS_PER_SECOND = VIEWS_PER_SECOND / viewsPerBeacon(VISITS)
const COST_GOAL = 0.05
const SLICES = 5
const SLICE_SECONDS = 3
const BROWSER = {
  'accept-encoding': 'gzip, br',
  'user-agent': 'Mozilla/5.0 Chrome/130',
  cookie: 'adult_confirmed=1',
}

interface ListedAd {
  id: string
  title: string
  province: ProvinceCode
  category: CategoryKey
}

export async function benchAdViews(cleanups: (() => Promise<void> | void)[]): Promise<void> {
  section('ad views (stats)')
  ensureServerBuild()
  const server = await startAppServer({ mode: 'test', env: { SEED_DEMO_ADS: 'true' } })
  cleanups.push(() => server.stop())
  try {
    const list = (await (await fetch(`${server.baseURL}/api/ads?province=ALL`)).json()) as {
      items: ListedAd[]
    }
    const ads = list.items.slice(0, 12)
    const first = ads[0]
    if (!first) {
      note('ad views skipped: no live ad')
      return
    }
    const page = { url: `${server.baseURL}${adPath(first)}`, headers: BROWSER, connections: 10 }
    // each beacon from its own device, so every view is counted, not deduplicated
    const beacon = (i: number, visits = VISITS) => ({
      url: `${server.baseURL}/api/ads/views?ads=${Array.from(
        { length: visits[i % visits.length] ?? 1 },
        (_, n) => ads[(i + n) % ads.length]?.id ?? first.id,
      ).join('.')}&d=bench-device-${i}`,
      method: 'POST' as const,
      // as a browser's sendBeacon(url) sends it (Fetch: a POST with no body says Content-Length: 0);
      // Node's client would otherwise send an empty chunked body, which goes on to Fastify's route
      headers: { 'user-agent': 'Mozilla/5.0 Chrome/130', 'content-length': '0' },
    })
    await autocannon({ ...page, duration: 2 })
    let offset = 0
    const beacons = async (seconds: number, visits = VISITS) => {
      const start = offset
      const rate = VIEWS_PER_SECOND / viewsPerBeacon(visits)
      offset += Math.ceil(rate * seconds)
      return pacedLoad((i) => beacon(start + i, visits), rate, seconds)
    }
    const cpuOf = async <T>(run: () => Promise<T>) => {
      const before = processCpuMs(server.pid)
      const result = await run()
      return { result, cpuMs: processCpuMs(server.pid) - before }
    }
    const alone = { pages: 0, cpuMs: 0 }
    const beside = { pages: 0 }
    let failedBeacons = 0
    for (let i = 0; i < SLICES; i++) {
      const run = await cpuOf(() => autocannon({ ...page, duration: SLICE_SECONDS }))
      alone.pages += run.result.requests.total
      alone.cpuMs += run.cpuMs
      const [pages, sent] = await Promise.all([
        autocannon({ ...page, duration: SLICE_SECONDS }),
        beacons(SLICE_SECONDS),
      ])
      beside.pages += pages.requests.total
      failedBeacons += sent.failed + sent.errors
    }
    // the server alone under the beacons: its CPU per second of them, whatever the generator costs
    const only = await cpuOf(() => beacons(SLICE_SECONDS * 2))
    const perBeaconUs = (only.cpuMs * 1000) / only.result.requests
    const perPageUs = (alone.cpuMs * 1000) / alone.pages
    // one core's worth of pages, less what 1,000 views a second take from it
    const cost = (perBeaconUs * BEACONS_PER_SECOND) / 1_000_000
    const seconds = SLICES * SLICE_SECONDS
    row(
      `Ad page throughput the server loses to ${VIEWS_PER_SECOND} views/s, a visit's views in one beacon (${viewsPerBeacon(VISITS)} a beacon; its CPU)`,
      `${(cost * 100).toFixed(1)} %: ${Math.round(BEACONS_PER_SECOND)} beacons/s, ${perBeaconUs.toFixed(0)} µs a beacon, ${perPageUs.toFixed(0)} µs a page (${Math.round(1_000_000 / perPageUs)} pages/s a core); beacon p99 ${only.result.p99Ms.toFixed(1)} ms, ${failedBeacons + only.result.failed + only.result.errors} failed`,
      `≤ ${COST_GOAL * 100} %`,
      cost <= COST_GOAL && failedBeacons === 0,
    )
    // the worst case: every visit opens one ad, so every view is a beacon
    const single = await cpuOf(() => beacons(SLICE_SECONDS * 2, [1]))
    const singleUs = (single.cpuMs * 1000) / single.result.requests
    row(
      `The same with one view a beacon (every visit opens one ad: ${VIEWS_PER_SECOND} beacons/s)`,
      `${((singleUs * VIEWS_PER_SECOND) / 10_000).toFixed(1)} %: ${singleUs.toFixed(0)} µs a beacon, ${single.result.failed + single.result.errors} failed`,
      'context',
    )
    const rpsAlone = alone.pages / seconds
    const rpsBeside = beside.pages / seconds
    row(
      `Ad page throughput with ${VIEWS_PER_SECOND} views/s sent beside it, generator on the same cores`,
      `${Math.round(rpsBeside)} vs ${Math.round(rpsAlone)} pages/s alone (${((1 - rpsBeside / rpsAlone) * 100).toFixed(1)} % fewer)`,
      'context',
    )
    // the floor: the same pace of empty POSTs to a bare Fastify route in its own process
    const bare = await startBareServer()
    cleanups.push(() => bare.stop())
    try {
      const before = processCpuMs(bare.pid)
      const sent = await pacedLoad(
        () => ({ url: `${bare.baseURL}/`, method: 'POST', headers: { 'content-length': '0' } }),
        VIEWS_PER_SECOND,
        SLICE_SECONDS * 2,
      )
      const bareUs = ((processCpuMs(bare.pid) - before) * 1000) / sent.requests
      row(
        `Server CPU per empty POST to a bare Fastify route at ${VIEWS_PER_SECOND}/s (the floor)`,
        `${bareUs.toFixed(0)} µs: ${((bareUs * VIEWS_PER_SECOND) / 10_000).toFixed(1)} % of a core`,
        'context',
      )
    } finally {
      await bare.stop()
    }
  } finally {
    await server.stop()
  }
}
