// The browser figures: JavaScript a first view downloads, and Lighthouse mobile scores.
import { adPath } from '#domain/ad-path.ts'
import { AdListSchema } from '#domain/api/ads.ts'
import { benchAppStart } from './app-start.ts'
import { benchFirstTap } from './first-tap.ts'
import { measureJsBytes } from './js-bytes.ts'
import { type LighthouseFigures, runLighthouse } from './lighthouse.ts'
import { kb, median, ms, note, row, section } from './report.ts'

const LISTING = '/ca/ON/adult-buy-sell'

/** Home, a listing and the first ad of that listing (its page, /ca/{province}/{category}/{id}-{slug}). */
export async function benchPages(
  baseURL: string,
): Promise<{ path: string; label: string; budget: number }[]> {
  const answer = AdListSchema.parse(
    await (await fetch(`${baseURL}/api/ads?province=ON&category=adult-buy-sell`)).json(),
  )
  const ad = answer.items[0]
  return [
    // React DOM at the start: / may take 140 kB (docs/decisions/040-react.md)
    { path: '/', label: 'home', budget: 140_000 },
    { path: LISTING, label: 'listing', budget: 160_000 },
    ...(ad ? [{ path: adPath(ad), label: 'ad page', budget: 160_000 }] : []),
  ]
}

export async function benchJsBytes(baseURL: string): Promise<void> {
  section('JavaScript bytes of the first view')
  const pages = await benchPages(baseURL)
  for (const r of await measureJsBytes(
    baseURL,
    pages.map((p) => p.path),
  )) {
    const page = pages.find((p) => p.path === r.path)
    const label = `${page?.label ?? ''} ${r.path}`
    const budget = page?.budget ?? 140_000
    row(
      `JS gzip, everything before idle: ${label}`,
      `${kb(r.gzipBytes)} (${r.files} files, ${kb(r.rawBytes)} raw)`,
      `≤ ${kb(budget)}`,
      r.gzipBytes <= budget,
    )
    row(`JS gzip, critical path (named by the HTML): ${label}`, kb(r.criticalGzipBytes), '', undefined)
    const heaviest = r.largest.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')
    note(`heaviest JS of ${r.path}: ${heaviest}`)
  }
  section('main thread of the page alone, then of the app starting (4× slower CPU)')
  await benchAppStart(baseURL, pages)
  section('the first tap on a card (4× slower CPU, mobile network)')
  await benchFirstTap(baseURL, LISTING)
}

/** Lighthouse runs per page; the median of each figure is reported (issue 14: "run each 3 times"). */
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)

function reportLighthouse(label: string, runs: LighthouseFigures[]): void {
  const pick = (f: (r: LighthouseFigures) => number | null) => median(runs.map(f))
  for (const r of runs) if (r.error) note(`Lighthouse ${r.path}: ${r.error}`)
  const scoreRow = (name: string, value: number | null, min: number) =>
    row(
      `Lighthouse ${label}: ${name} (median of ${runs.length})`,
      value === null ? 'n/a' : String(value),
      `≥ ${min}`,
      value === null ? undefined : value >= min,
    )
  scoreRow(
    'performance',
    pick((r) => r.performance),
    95,
  )
  scoreRow(
    'accessibility',
    pick((r) => r.accessibility),
    100,
  )
  scoreRow(
    'best practices',
    pick((r) => r.bestPractices),
    100,
  )
  scoreRow(
    'SEO',
    pick((r) => r.seo),
    100,
  )
  const timeRow = (name: string, value: number | null, max: number) =>
    row(
      `Lighthouse ${label}: ${name}`,
      value === null ? 'n/a' : ms(value),
      `≤ ${max} ms`,
      value === null ? undefined : value <= max,
    )
  timeRow(
    'LCP',
    pick((r) => r.lcpMs),
    1500,
  )
  timeRow(
    'TBT',
    pick((r) => r.tbtMs),
    150,
  )
  const cls = pick((r) => r.cls)
  row(
    `Lighthouse ${label}: CLS`,
    cls === null ? 'n/a' : cls.toFixed(3),
    '≤ 0.02',
    cls === null ? undefined : cls <= 0.02,
  )
  const misses = [...new Set(runs.flatMap((r) => r.misses))]
  if (misses.length > 0) note(`Lighthouse ${label} audits that cost points: ${misses.join(', ')}`)
}

export async function benchLighthouse(baseURL: string): Promise<void> {
  const pages = await benchPages(baseURL)
  // a first visit (the server's 18+ gate in the page) costs what a return visit costs, or the first
  // impression is the slow one (docs/decisions/029-first-visit.md)
  for (const visit of ['first', 'return'] as const) {
    for (const { path, label } of pages) {
      section(`Lighthouse (mobile) ${visit} visit, ${label} ${path}`)
      const runs: LighthouseFigures[] = []
      for (let i = 0; i < RUNS; i++) {
        try {
          runs.push(await runLighthouse(baseURL, path, visit))
        } catch (error) {
          note(`Lighthouse ${path} (${visit} visit) failed: ${(error as Error).message}`)
        }
      }
      if (runs.length > 0) reportLighthouse(`${label}, ${visit} visit`, runs)
    }
  }
}
