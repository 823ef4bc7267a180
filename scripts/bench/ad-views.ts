// Issue 42 item 1's cost goal (docs/decisions/053-ad-stats.md): counting 1,000 ad views a second costs
// at most 5 % of the page throughput. The ad page is loaded as fast as the server answers, in slices
// that take turns with and without 1,000 view beacons a second sent beside it (the machine's speed
// drifts: see api-load.ts). The beacons' own generator shares the two cores, so the server's CPU time
// per beacon is given too: the cost on a server whose clients are elsewhere.
import autocannon from 'autocannon'
import { adPath } from '#domain/ad-path.ts'
import type { CategoryKey } from '#domain/categories.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import { pacedLoad } from './paced-load.ts'
import { processCpuMs } from './process-cpu.ts'
import { note, row, section } from './report.ts'
import { ensureServerBuild, startAppServer } from './server.ts'

const BEACONS_PER_SECOND = 1000
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
    // each beacon from its own visitor (address and browser), so every one is counted, not deduplicated
    const beacon = (i: number) => ({
      url: `${server.baseURL}/api/ads/${ads[i % ads.length]?.id ?? first.id}/view`,
      method: 'POST' as const,
      headers: {
        'user-agent': `bench-visitor/${i}`,
        'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${(i & 255) + 1}`,
      },
    })
    await autocannon({ ...page, duration: 2 })
    let offset = 0
    const beacons = async (seconds: number) => {
      const start = offset
      offset += BEACONS_PER_SECOND * seconds
      return pacedLoad((i) => beacon(start + i), BEACONS_PER_SECOND, seconds)
    }
    const without: number[] = []
    const withBeacons: number[] = []
    let failedBeacons = 0
    for (let i = 0; i < SLICES; i++) {
      without.push((await autocannon({ ...page, duration: SLICE_SECONDS })).requests.total)
      const [pages, sent] = await Promise.all([
        autocannon({ ...page, duration: SLICE_SECONDS }),
        beacons(SLICE_SECONDS),
      ])
      withBeacons.push(pages.requests.total)
      failedBeacons += sent.failed + sent.errors
    }
    const seconds = SLICES * SLICE_SECONDS
    const rpsWithout = without.reduce((a, b) => a + b, 0) / seconds
    const rpsWith = withBeacons.reduce((a, b) => a + b, 0) / seconds
    const cost = 1 - rpsWith / rpsWithout
    row(
      `Ad page throughput with ${BEACONS_PER_SECOND} view beacons/s beside it`,
      `${Math.round(rpsWith)} vs ${Math.round(rpsWithout)} pages/s alone: cost ${(cost * 100).toFixed(1)} % (${failedBeacons} beacons failed)`,
      `cost ≤ ${COST_GOAL * 100} %`,
      cost <= COST_GOAL && failedBeacons === 0,
    )
    // the server alone under the beacons: its CPU per beacon, whatever the generator costs
    const before = processCpuMs(server.pid)
    const alone = await beacons(SLICE_SECONDS * 2)
    const cpuMs = processCpuMs(server.pid) - before
    const perBeaconUs = (cpuMs * 1000) / alone.requests
    row(
      `Server CPU per view beacon (${BEACONS_PER_SECOND}/s, no pages)`,
      `${perBeaconUs.toFixed(0)} µs: ${((perBeaconUs * BEACONS_PER_SECOND) / 10_000).toFixed(1)} % of a core at ${BEACONS_PER_SECOND}/s, p99 ${alone.p99Ms.toFixed(1)} ms`,
      'context',
    )
  } finally {
    await server.stop()
  }
}
