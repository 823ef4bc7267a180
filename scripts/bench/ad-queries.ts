// The in-process query figures: the public ad list/search service query (what every listing page
// asks) on PGlite and on a scratch PostgreSQL database.
import { AD_SEARCH_ADS, type AdSearchTiming, benchAdSearch } from './ad-search.ts'
import { ms, note, row, section } from './report.ts'
import { createScratchPostgres } from './server.ts'

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

export async function benchAdQueries(
  postgres: boolean,
  cleanups: (() => Promise<void> | void)[],
): Promise<void> {
  section(`ad list/search on ${AD_SEARCH_ADS} ads, PGlite`)
  reportAdSearch('PGlite', await benchAdSearch())
  note('ad search times the service query (count + page) in process, without HTTP')
  if (!postgres) return
  const scratch = createScratchPostgres()
  if (typeof scratch === 'string') {
    note(`PostgreSQL ad search pass skipped: ${scratch}`)
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
}
