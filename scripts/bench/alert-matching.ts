// Matching one newly published ad against 100,000 saved searches on PostgreSQL (issue 41 item 5,
// docs/decisions/061-matching-at-scale.md): the statement the alerts.match job runs
// (services/alerts/alerts.ts matchingSearches), timed in process, without HTTP.
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import { CATEGORY_KEYS } from '#domain/categories.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { openDatabase } from '#server/db/client.ts'
import { matchingSearches } from '#server/services/alerts/alerts.ts'
import { BULK_LIMITS, seedAds } from './ad-search.ts'
import { ms, note, percentile, row, section } from './report.ts'
import { createScratchPostgres } from './server.ts'

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 100_000)
// at most 20 searches per account (MAX_SAVED_SEARCHES): this many accounts hold them
const ACCOUNTS = Math.ceil(SEARCHES / 20)
const WORDS = [
  'silk',
  'robe',
  'lingerie',
  'corset',
  'lace',
  'leather',
  'boots',
  'satin',
  'dentelle',
  'kimono',
]
const RUNS = 50

type Db = Awaited<ReturnType<typeof openDatabase>>['db']

/** 100,000 saved searches spread as people's are: every province (and all of Canada), every category. */
async function seedSearches(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO users (email, password_hash, email_verified_at)
    SELECT 'bench-' || i || '@example.com', 'x', now() FROM generate_series(1, ${ACCOUNTS}) AS i`)
  const places = sql.raw(`ARRAY[${[...PROVINCES.map((p) => `'${p.code}'`), "'ALL'"].join(',')}]`)
  const cities = sql.raw(
    `ARRAY[${PROVINCES.map((p) => `'${(p.cities[0] ?? p.name).replaceAll("'", "''")}'`).join(',')}]`,
  )
  const categories = sql.raw(`ARRAY[${CATEGORY_KEYS.map((c) => `'${c}'`).join(',')}]`)
  const words = sql.raw(`ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`)
  const pick = (seed: number, size: number) => sql.raw(`1 + abs(hashint4(i + ${seed})) % ${size}`)
  // the words as the app writes them when a search is saved (saved-searches.ts matchColumns)
  await db.execute(sql`
    INSERT INTO saved_searches (user_id, key, province, category, city, q, verified, alert, frequency,
                                match_query, match_partial)
    SELECT u.id, 'bench-' || s.i, s.province, s.category, s.city, s.q, s.verified, s.alert, 'instant',
           CASE WHEN s.q IS NULL THEN NULL
             ELSE websearch_to_tsquery('english', ads_fold(s.q)) || websearch_to_tsquery('french', ads_fold(s.q)) END,
           CASE WHEN s.q IS NULL THEN NULL ELSE ads_fold(s.q) END
    FROM (
      SELECT i,
             (${places})[${pick(1, PROVINCES.length + 1)}] AS province,
             (${categories})[${pick(2, CATEGORY_KEYS.length)}] AS category,
             CASE WHEN ${pick(3, 4)} = 1 THEN (${cities})[${pick(4, PROVINCES.length)}] END AS city,
             CASE WHEN ${pick(5, 2)} = 1 THEN (${words})[${pick(6, WORDS.length)}] END AS q,
             ${pick(7, 5)} = 1 AS verified,
             CASE WHEN ${pick(8, 5)} = 1 THEN 'none' ELSE 'email' END AS alert
      FROM generate_series(1, ${SEARCHES}) AS i
    ) AS s
    JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM users) AS u ON u.n = 1 + s.i % ${ACCOUNTS}`)
  await db.execute(sql`ANALYZE saved_searches`)
}

export async function benchAlertMatching(cleanups: (() => Promise<void> | void)[]): Promise<void> {
  const scratch = createScratchPostgres()
  if (typeof scratch === 'string') {
    note(`alert matching skipped: ${scratch}`)
    return
  }
  cleanups.push(scratch.drop)
  const database = await openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://', limits: BULK_LIMITS })
  try {
    section(
      `alert matching: one new ad against ${SEARCHES.toLocaleString('en-CA')} saved searches, PostgreSQL`,
    )
    const started = performance.now()
    await seedAds(database.db, 10_000)
    await seedSearches(database.db)
    console.log(`seeded ${SEARCHES} saved searches in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    // the ad just published: a common province and category, words many searches name
    const adId = 'benchnewad01'
    await database.db.execute(sql`
      INSERT INTO ads (id, title, category, province, city, price_cents, price_unit, description, verified,
                       status, published_at, expires_at)
      VALUES (${adId}, 'Silk robe and lace kimono', 'adult-buy-sell', 'ON', 'Toronto', 4500, 'per_unit',
              'Barely worn satin robe, leather belt.', true, 'live', now(), now() + interval '30 days')`)
    let matched = 0
    for (let i = 0; i < 5; i++) matched = (await matchingSearches(database.db, adId)).length
    const samples: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const start = performance.now()
      await matchingSearches(database.db, adId)
      samples.push(performance.now() - start)
    }
    samples.sort((a, b) => a - b)
    const p95 = percentile(samples, 95)
    row(
      `alert matching [PostgreSQL]: one new ad, ${SEARCHES.toLocaleString('en-CA')} saved searches`,
      `${ms(percentile(samples, 50))} p50, ${ms(p95)} p95 (${matched} matched)`,
      'p95 ≤ 50 ms',
      p95 <= 50,
    )
    const plan = (await database.db.execute(
      sql`EXPLAIN SELECT 1 FROM ads JOIN saved_searches s ON s.alert <> 'none'
          AND s.category = (SELECT a.category FROM ads a WHERE a.id = ${adId})
          AND s.province IN ((SELECT a.province FROM ads a WHERE a.id = ${adId}), 'ALL') WHERE ads.id = ${adId}`,
    )) as unknown as { rows: { 'QUERY PLAN': string }[] }
    const uses = plan.rows.map((r) => r['QUERY PLAN']).filter((line) => /Index|Bitmap/.test(line))
    note(`the candidates' plan: ${uses.map((line) => line.trim()).join(' | ')}`)
  } finally {
    await database.close()
    scratch.drop()
    cleanups.splice(cleanups.indexOf(scratch.drop), 1)
  }
}
