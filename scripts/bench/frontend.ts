// The browser figures: JavaScript a first view downloads, and Lighthouse mobile scores.
import { measureJsBytes } from './js-bytes.ts'
import { type LighthouseFigures, runLighthouse } from './lighthouse.ts'
import { kb, ms, note, row, section } from './report.ts'

export const PAGES = ['/', '/ca/ON/adult-buy-sell']

export async function benchJsBytes(baseURL: string): Promise<void> {
  section('JavaScript bytes of the first view')
  for (const r of await measureJsBytes(baseURL, PAGES)) {
    const label = r.path === '/' ? 'home /' : `listing ${r.path}`
    row(
      `JS gzip, first view of ${label}`,
      `${kb(r.gzipBytes)} (${r.files} files, ${kb(r.rawBytes)} raw)`,
      '≤ 130 kB',
      r.gzipBytes <= 130_000,
    )
    const heaviest = r.largest.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')
    note(`heaviest JS of ${r.path}: ${heaviest}`)
  }
}

function reportLighthouse(r: LighthouseFigures): void {
  const page = r.path === '/' ? 'home' : 'listing'
  if (r.error) note(`Lighthouse ${r.path}: ${r.error}`)
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
  if (r.misses.length > 0) note(`Lighthouse ${r.path} audits that cost points: ${r.misses.join(', ')}`)
}

export async function benchLighthouse(baseURL: string): Promise<void> {
  for (const path of PAGES) {
    section(`Lighthouse (mobile) ${path}`)
    try {
      reportLighthouse(await runLighthouse(baseURL, path))
    } catch (error) {
      note(`Lighthouse ${path} failed: ${(error as Error).message}`)
    }
  }
}
