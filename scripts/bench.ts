// `npm run bench`: the bars of docs/decisions/008-performance-budgets.md, measured against the real
// built app and server.
//   (a) gzipped JS loaded by the first view of / and of a listing page (Chromium, 18+ gate confirmed)
//   (b) Lighthouse 12 mobile scores, LCP and CLS for both pages
//   (c) API req/s and p50/p99 at a fixed 500 req/s beside a bare Fastify route measured in the same run
//   (d) listing filter/sort/page timing of the domain functions over the full mock data set
//   (e) the public ad list/search query (GET /api/ads's service) on 100,000 generated ads, p50/p95,
//       on PGlite and on a scratch PostgreSQL database (BENCH_ADS changes the count)
//   (c) runs on PGlite and then on a scratch PostgreSQL database (createdb/dropdb on 127.0.0.1 as
//       postgres), each with 1,000 banned phrases and a signed-up user, all made through the real API
// Env: BENCH_BUILD=1 rebuilds even if dist/ exists; BENCH_SKIP=lighthouse,api,js,listing,ads,postgres skips parts;
// BENCH_RATE (default 500) and BENCH_SECONDS (default 10) shape the load. Not part of `npm test`.
import { existsSync } from 'node:fs'
import { AD_SEARCH_ADS, type AdSearchTiming, benchAdSearch } from './bench/ad-search.ts'
import { type LoadFigures, type LoadTarget, load, probe } from './bench/api-load.ts'
import { seedBannedPhrases, signUpUser } from './bench/api-setup.ts'
import { type JsBytes, measureJsBytes } from './bench/js-bytes.ts'
import { type LighthouseFigures, runLighthouse } from './bench/lighthouse.ts'
import { benchListing, type ListingTiming } from './bench/listing.ts'
import {
  CHROME_PATH,
  createScratchPostgres,
  ensureBuild,
  type RunningServer,
  startAppServer,
  startBareServer,
} from './bench/server.ts'

const PAGES = ['/', '/ca/ON/adult-buy-sell']
const RATE = Number(process.env.BENCH_RATE ?? 500)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()))

interface Row {
  metric: string
  value: string
  target: string
  verdict: '' | 'ok' | 'MISS'
}
const rows: Row[] = []
const notes: string[] = []

function row(metric: string, value: string, target = '', pass?: boolean): void {
  rows.push({ metric, value, target, verdict: pass === undefined ? '' : pass ? 'ok' : 'MISS' })
}

function section(title: string): void {
  console.log(`\n=== bench: ${title} ===`)
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (value: number) => `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`

function reportJs(results: JsBytes[]): void {
  for (const r of results) {
    const label = r.path === '/' ? 'home /' : `listing ${r.path}`
    row(
      `JS gzip, first view of ${label}`,
      `${kb(r.gzipBytes)} (${r.files} files, ${kb(r.rawBytes)} raw)`,
      '≤ 130 kB',
      r.gzipBytes <= 130_000,
    )
    const heaviest = r.largest.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')
    notes.push(`heaviest JS of ${r.path}: ${heaviest}`)
  }
}

function reportLighthouse(r: LighthouseFigures): void {
  const page = r.path === '/' ? 'home' : 'listing'
  if (r.error) notes.push(`Lighthouse ${r.path}: ${r.error}`)
  const scoreRow = (name: string, value: number | null, min: number | undefined) =>
    row(
      `Lighthouse ${page}: ${name}`,
      value === null ? 'n/a' : String(value),
      min === undefined ? '' : `≥ ${min}`,
      min === undefined || value === null ? undefined : value >= min,
    )
  scoreRow('performance', r.performance, 95)
  scoreRow('accessibility', r.accessibility, 100)
  scoreRow('best practices', r.bestPractices, 100)
  scoreRow('SEO', r.seo, undefined)
  row(
    `Lighthouse ${page}: LCP`,
    r.lcpMs === null ? 'n/a' : ms(r.lcpMs),
    '≤ 1500 ms',
    r.lcpMs === null ? undefined : r.lcpMs <= 1500,
  )
  row(
    `Lighthouse ${page}: CLS`,
    r.cls === null ? 'n/a' : r.cls.toFixed(3),
    '≤ 0.02',
    r.cls === null ? undefined : r.cls <= 0.02,
  )
  if (r.misses.length > 0) notes.push(`Lighthouse ${r.path} audits that cost points: ${r.misses.join(', ')}`)
}

function loadValue(figures: LoadFigures): string {
  return `${Math.round(figures.rps)} req/s, p50 ${ms(figures.p50Ms)} / p99 ${ms(figures.p99Ms)}`
}

function reportLoad(figures: LoadFigures, bare: LoadFigures | undefined): void {
  const ratio = bare && bare.p99Ms > 0 ? ` (${(figures.p99Ms / bare.p99Ms).toFixed(1)}× bare p99)` : ''
  row(`API ${figures.label}${ratio}`, loadValue(figures), 'p99 ≤ 25 ms', figures.p99Ms <= 25)
  if (figures.non2xx > 0 || figures.errors > 0) {
    notes.push(
      `${figures.label}: ${figures.non2xx} non-2xx answers and ${figures.errors} errors/timeouts out of ${figures.requests} requests`,
    )
  }
}

function reportListing(timings: ListingTiming[]): void {
  for (const t of timings) {
    row(
      `listing query: ${t.label} [${t.ads} ads]`,
      `${ms(t.medianMs)} median, ${ms(t.p95Ms)} p95`,
      '< 50 ms',
      t.medianMs < 50,
    )
  }
  notes.push(
    "listing timings are on this machine's CPU; a mid-range phone is roughly 4× slower (Lighthouse's mobile CPU factor)",
  )
}

function reportAdSearch(db: string, timings: AdSearchTiming[]): void {
  for (const t of timings) {
    row(
      `ad search [${db}]: ${t.label} [${t.ads} ads]`,
      `${ms(t.p50Ms)} p50, ${ms(t.p95Ms)} p95`,
      t.target ? 'p95 ≤ 50 ms' : '',
      t.target ? t.p95Ms <= 50 : undefined,
    )
  }
}

async function benchAds(): Promise<void> {
  section(`ad list/search on ${AD_SEARCH_ADS} ads, PGlite`)
  reportAdSearch('PGlite', await benchAdSearch())
  if (skip.has('postgres')) return
  const scratch = createScratchPostgres()
  if (typeof scratch === 'string') {
    notes.push(`PostgreSQL ad search pass skipped: ${scratch}`)
    return
  }
  cleanups.push(scratch.drop)
  try {
    section(`ad list/search on ${AD_SEARCH_ADS} ads, PostgreSQL`)
    reportAdSearch('PostgreSQL', await benchAdSearch(scratch.url))
  } finally {
    scratch.drop()
    cleanups.splice(cleanups.indexOf(scratch.drop), 1)
  }
  notes.push('ad search times the service query (count + page) in process, without HTTP')
}

function printTable(): void {
  const headers = ['Metric', 'Value', 'Target (docs/decisions/008-performance-budgets.md)', '']
  const cells = rows.map((r) => [r.metric, r.value, r.target, r.verdict])
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)))
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i] ?? 0)).join(' | ')
  console.log(`\n${line(headers)}`)
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'))
  for (const c of cells) console.log(line(c))
  if (notes.length > 0) {
    console.log('\nNotes:')
    for (const n of notes) console.log(`- ${n}`)
  }
  const misses = rows.filter((r) => r.verdict === 'MISS').length
  console.log(`\nbench done: ${rows.filter((r) => r.verdict === 'ok').length} bars met, ${misses} missed`)
}

const PHRASES = 1000
/** Stops servers and drops scratch databases still up when a signal arrives. */
const cleanups: (() => Promise<void> | void)[] = []

async function benchApiOn(db: 'PGlite' | 'PostgreSQL', databaseUrl?: string): Promise<void> {
  section(`API load on ${db}: ${RATE} req/s for ${SECONDS} s each`)
  // test mode keeps the dev mail outbox, so the bench signs its user up through the real flow
  const server = await startAppServer({ mode: 'test', ...(databaseUrl ? { databaseUrl } : {}) })
  const bare = await startBareServer()
  const stop = async () => {
    await bare.stop()
    await server.stop()
  }
  cleanups.push(stop)
  try {
    const base = server.baseURL
    const seconds = await seedBannedPhrases(base, server.admin, PHRASES)
    notes.push(
      `${db}: ${PHRASES} banned phrases added through POST /api/moderation/banned-words in ${seconds.toFixed(1)} s`,
    )
    const token = await signUpUser(base, server.admin)
    const bareFigures = await load({ label: 'bare Fastify GET /', url: `${bare.baseURL}/` }, RATE, SECONDS)
    row(`API [${db}] bare Fastify GET / (same run)`, loadValue(bareFigures), 'baseline')
    const targets: LoadTarget[] = [
      {
        label: `[${db}] GET /api/meta/cities?province=ON&q=to`,
        url: `${base}/api/meta/cities?province=ON&q=to`,
      },
      {
        label: `[${db}] POST /api/moderation/check, ${PHRASES} phrases`,
        url: `${base}/api/moderation/check`,
        method: 'POST',
        // 60 checks a minute per client are allowed: the bar is about many visitors, not one
        manyClients: true,
        body: {
          title: 'Vintage lingerie set, barely worn',
          description: 'Pick up downtown or ship anywhere in Canada.',
        },
      },
      {
        label: `[${db}] GET /api/wallet/ (Bearer)`,
        url: `${base}/api/wallet/`,
        manyClients: true,
        headers: { authorization: `Bearer ${token}` },
      },
    ]
    for (const target of targets) {
      const problem = await probe(target)
      if (problem) {
        row(`API ${target.label}`, 'skipped', 'p99 ≤ 25 ms')
        notes.push(`${target.label} skipped: ${problem}`)
        continue
      }
      console.log(target.label)
      reportLoad(await load(target, RATE, SECONDS), bareFigures)
    }
  } finally {
    await stop()
    cleanups.splice(cleanups.indexOf(stop), 1)
  }
}

async function benchApi(): Promise<void> {
  await benchApiOn('PGlite')
  if (skip.has('postgres')) {
    notes.push('PostgreSQL API pass skipped (BENCH_SKIP=postgres)')
    return
  }
  const scratch = createScratchPostgres()
  if (typeof scratch === 'string') {
    console.log(`bench: no PostgreSQL pass: ${scratch}`)
    notes.push(`PostgreSQL API pass skipped: ${scratch}`)
    return
  }
  cleanups.push(scratch.drop)
  try {
    await benchApiOn('PostgreSQL', scratch.url)
  } finally {
    scratch.drop()
    cleanups.splice(cleanups.indexOf(scratch.drop), 1)
  }
}

async function main(): Promise<void> {
  const needsBrowser = !skip.has('js') || !skip.has('lighthouse')
  if (needsBrowser && !existsSync(CHROME_PATH)) {
    throw new Error(`no Chromium at ${CHROME_PATH}: apt-get update && apt-get install -y chromium`)
  }
  section('build and server')
  // the API and domain parts need no build; the browser parts measure the built app
  if (needsBrowser) ensureBuild()
  let app: RunningServer | undefined
  // an interrupted bench must not leave its servers (or its scratch database) behind
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}, stopping the servers`)
      void Promise.allSettled([...cleanups, () => app?.stop()].map((f) => f())).then(() => process.exit(130))
    })
  }
  try {
    if (needsBrowser) {
      app = await startAppServer()
      console.log(`server at ${app.baseURL}`)
    }

    if (app && !skip.has('js')) {
      section('JavaScript bytes of the first view')
      reportJs(await measureJsBytes(app.baseURL, PAGES))
    }

    if (app && !skip.has('lighthouse')) {
      for (const path of PAGES) {
        section(`Lighthouse (mobile) ${path}`)
        try {
          reportLighthouse(await runLighthouse(app.baseURL, path))
        } catch (error) {
          notes.push(`Lighthouse ${path} failed: ${(error as Error).message}`)
        }
      }
    }

    if (!skip.has('api')) {
      await benchApi()
    }
  } finally {
    await app?.stop()
  }

  if (!skip.has('listing')) {
    section('listing filter/sort/page (domain functions)')
    reportListing(benchListing())
  }
  if (!skip.has('ads')) await benchAds()
  printTable()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
