// The page figures of issue 30 (docs/decisions/030-page-cache-and-render.md): listing and ad pages,
// in both languages, beside the bare route (goal ≥ 0.3×); a realistic mix at a fixed 200 req/s
// (listing pages 1-5, a few searches, ad pages, both languages, with and without the 18+ gate,
// brotli and gzip; goal p99 ≤ 25 ms); what a page costs when it is not kept (a render); and 64
// concurrent requests for 64 different pages, half French, each of which must come back in its own
// language.
import { adPath } from '#domain/ad-path.ts'
import type { CategoryKey } from '#domain/categories.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import { type LoadTarget, throughputBeside } from './api-load.ts'
import { pacedLoad } from './paced-load.ts'
import { ms, note, percentile, row } from './report.ts'
import type { RunningServer } from './server.ts'

const RATIO_GOAL = 0.3
const P99_GOAL_MS = 25
const MIX_RATE = 200
const CONFIRMED = 'adult_confirmed=1'
// what a browser and a crawler send
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd', 'user-agent': 'Mozilla/5.0 Chrome/130' }

interface ListedAd {
  id: string
  title: string
  province: ProvinceCode
  category: CategoryKey
}

/** Ad pages of live ads, from the public listing. */
async function adPaths(base: string, count: number): Promise<string[]> {
  const res = await fetch(`${base}/api/ads?province=ALL&category=adult-buy-sell`)
  const list = (await res.json()) as { items: ListedAd[] }
  return list.items.slice(0, count).map((ad) => adPath(ad))
}

interface PageRequest {
  path: string
  headers: Record<string, string>
}

/** The realistic mix: a fixed pseudo-random sequence, the same in every run. */
function mixOf(ads: string[]): PageRequest[] {
  const listings: string[] = []
  for (const province of ['ON', 'QC', 'BC', 'ALL']) {
    for (const category of ['adult-buy-sell', 'adult-services']) {
      for (let page = 1; page <= 5; page++) {
        listings.push(`/ca/${province}/${category}${page === 1 ? '' : `?page=${page}`}`)
      }
    }
  }
  const searches = [
    '/ca/ALL/adult-buy-sell?q=lingerie',
    '/ca/ON/adult-buy-sell?q=corset',
    '/ca/ALL/adult-services?q=massage',
  ]
  const paths = [...listings, ...searches, ...ads]
  let seed = 7
  const next = () => {
    seed = (seed * 48271) % 2147483647
    return seed / 2147483647
  }
  return Array.from({ length: 2000 }, () => {
    const path = paths[Math.floor(next() * paths.length)] ?? '/ca/ALL/adult-buy-sell'
    const french = next() < 0.5
    const url = french ? `${path}${path.includes('?') ? '&' : '?'}lang=fr` : path
    // most visitors have confirmed the gate; first visits and crawlers have not
    const cookie: Record<string, string> = next() < 0.7 ? { cookie: CONFIRMED } : {}
    const encoding = next() < 0.85 ? BROWSER : { 'accept-encoding': 'gzip', 'user-agent': 'Googlebot/2.1' }
    return { path: url, headers: { ...encoding, ...cookie } }
  })
}

/** Each page of the mix asked once, one after the other, before anything kept it: a render each. */
async function missCost(base: string, mix: PageRequest[]): Promise<number[]> {
  const seen = new Set<string>()
  const times: number[] = []
  for (const request of mix) {
    if (seen.has(request.path)) continue
    seen.add(request.path)
    const started = performance.now()
    const res = await fetch(`${base}${request.path}`, { headers: request.headers, redirect: 'manual' })
    await res.arrayBuffer()
    times.push(performance.now() - started)
    if (times.length >= 30) break
  }
  return times.sort((a, b) => a - b)
}

/**
 * Every distinct request of the mix once, a few at a time: a running server has rendered its popular
 * pages long ago, and the paced run measures that server (missCost measures a render).
 */
async function warm(base: string, mix: PageRequest[]): Promise<void> {
  const distinct = [...new Map(mix.map((r) => [`${r.path}\n${JSON.stringify(r.headers)}`, r])).values()]
  let next = 0
  const worker = async () => {
    for (let request = distinct[next++]; request; request = distinct[next++]) {
      const res = await fetch(`${base}${request.path}`, { headers: request.headers, redirect: 'manual' })
      await res.arrayBuffer()
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
}

async function atRateMix(base: string, mix: PageRequest[], rate: number, seconds: number) {
  await warm(base, mix)
  return pacedLoad(
    (i) => {
      const next = mix[i % mix.length] ?? mix[0]
      return { url: `${base}${next?.path ?? '/'}`, headers: next?.headers ?? {} }
    },
    rate,
    seconds,
  )
}

/** 64 pages at once, none asked before, half French: each must be in its own language. */
async function concurrentLanguages(base: string, ads: string[]) {
  const paths = [...ads.slice(0, 8)]
  for (const province of ['ON', 'QC', 'BC', 'AB', 'MB', 'NS', 'SK', 'NB']) {
    for (const category of ['adult-buy-sell', 'adult-services', 'adult-castings']) {
      paths.push(`/ca/${province}/${category}?page=${2 + (paths.length % 3)}`)
    }
  }
  const requests = paths.slice(0, 32).flatMap((path) => [
    { path, french: false },
    { path, french: true },
  ])
  const started = performance.now()
  const times: number[] = []
  let wrong = 0
  let failed = 0
  await Promise.all(
    requests.map(async ({ path, french }) => {
      const begun = performance.now()
      const url = french ? `${path}${path.includes('?') ? '&' : '?'}lang=fr` : path
      const res = await fetch(`${base}${url}`, {
        headers: { ...BROWSER, cookie: CONFIRMED },
        redirect: 'manual',
      })
      const body = await res.text()
      times.push(performance.now() - begun)
      if (res.status !== 200) failed++
      const root = /<div id="root">([\s\S]*?)<\/div><script>/.exec(body)?.[1] ?? ''
      // the skip link of every page, in each language (i18n/en.ts, fr.ts layout.skipToContent)
      const own = french ? 'Aller au contenu' : 'Skip to content'
      if (!root.includes(own)) wrong++
    }),
  )
  const wall = performance.now() - started
  times.sort((a, b) => a - b)
  return {
    count: requests.length,
    wall,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    wrong,
    failed,
  }
}

export async function benchPages(db: string, server: RunningServer, bareTarget: LoadTarget, seconds: number) {
  const base = server.baseURL
  const ads = await adPaths(base, 12)
  const first = ads[0]
  if (!first) {
    note(`${db} pages skipped: no live ad to open`)
    return
  }
  const mix = mixOf(ads)
  const misses = await missCost(base, mix)
  row(
    `Pages [${db}] a page not kept (a render), ${misses.length} pages one by one`,
    `p50 ${ms(percentile(misses, 50))} / max ${ms(misses.at(-1) ?? 0)}`,
    'context',
  )
  const languages = await concurrentLanguages(base, ads)
  row(
    `Pages [${db}] ${languages.count} concurrent new pages, half French`,
    `${Math.round((languages.count * 1000) / languages.wall)} pages/s, p50 ${ms(languages.p50)} / p99 ${ms(languages.p99)}, ${languages.wrong} in the wrong language, ${languages.failed} not 200`,
    'every page in its own language',
    languages.wrong === 0 && languages.failed === 0,
  )
  const targets: LoadTarget[] = [
    { label: 'listing /ca/ON/adult-buy-sell', url: `${base}/ca/ON/adult-buy-sell` },
    { label: 'listing /ca/ON/adult-buy-sell?lang=fr', url: `${base}/ca/ON/adult-buy-sell?lang=fr` },
    { label: 'ad page', url: `${base}${first}` },
    { label: 'ad page ?lang=fr', url: `${base}${first}?lang=fr` },
  ].map((target) => ({ ...target, headers: { ...BROWSER, cookie: CONFIRMED }, pid: server.pid }))
  for (const target of targets) {
    console.log(`page ${target.label}`)
    const { top, bare } = await throughputBeside(target, bareTarget, seconds)
    const ratio = top.rps / bare.rps
    // a page's 9-10 kB answer costs the load generator, on the same two cores, more than it costs
    // the server: when the server sat idle part of its run, the throughput is the generator's and
    // the server's CPU per answer says what the server can do (docs/decisions/030-page-cache-and-render.md)
    const busy = top.cpuUsPerAnswer === undefined ? undefined : (top.cpuUsPerAnswer * top.rps) / 1e6
    row(
      `Pages [${db}] ${target.label}: throughput`,
      `${Math.round(top.rps)} req/s = ${ratio.toFixed(2)}× bare (${Math.round(bare.rps)} req/s in turn), p99 ${ms(top.p99Ms)}` +
        (busy === undefined ? '' : `, server busy ${Math.round(busy * 100)}% of the run`),
      busy === undefined ? `≥ ${RATIO_GOAL}× bare` : 'context',
      busy === undefined ? ratio >= RATIO_GOAL : undefined,
    )
    if (top.cpuUsPerAnswer !== undefined && bare.cpuUsPerAnswer !== undefined) {
      const capacity = bare.cpuUsPerAnswer / top.cpuUsPerAnswer
      row(
        `Pages [${db}] ${target.label}: server CPU per answer against the bare route's`,
        `${top.cpuUsPerAnswer.toFixed(0)} µs against ${bare.cpuUsPerAnswer.toFixed(0)} µs = ${capacity.toFixed(2)}× bare`,
        `≥ ${RATIO_GOAL}× bare`,
        capacity >= RATIO_GOAL,
      )
    }
    if (top.non2xx > 0 || top.errors > 0)
      note(`${db} page ${target.label}: ${top.non2xx} non-2xx, ${top.errors} errors`)
  }
  console.log(`pages: the mix at ${MIX_RATE} req/s`)
  const paced = await atRateMix(base, mix, MIX_RATE, seconds)
  row(
    `Pages [${db}] mix (listings p1-5, searches, ad pages; en/fr; gated or not) at ${MIX_RATE} req/s`,
    `${Math.round(paced.rps)} req/s, p50 ${ms(paced.p50Ms)} / p99 ${ms(paced.p99Ms)}`,
    `p99 ≤ ${P99_GOAL_MS} ms`,
    paced.p99Ms <= P99_GOAL_MS,
  )
  // 3xx are the mix's own redirects, if any; anything else is a failure
  if (paced.failed > 0 || paced.errors > 0)
    note(`${db} page mix: ${paced.failed} answers neither 2xx nor 3xx, ${paced.errors} errors/timeouts`)
}
