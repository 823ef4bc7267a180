import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { sql } from 'drizzle-orm'
import type { AdListQuery } from '#domain/api/ads.ts'
import { CATEGORY_KEYS } from '#domain/categories.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { openDatabase } from '#server/db/client.ts'
import type { DatabaseLimits } from '#server/db/limits.ts'
import { listPublicAds } from '#server/services/ads/ad-search.ts'
import { percentile } from './report.ts'

export interface AdSearchTiming {
  label: string
  ads: number
  p50Ms: number
  p95Ms: number
  /** the bar applies to this query only: keyword + province + category */
  target: boolean
}

export const AD_SEARCH_ADS = Number(process.env.BENCH_ADS ?? 100_000)

// English and French words, a few accented, so the vectors look like real ads in both languages
const WORDS = [
  'vintage',
  'silk',
  'robe',
  'lingerie',
  'corset',
  'lace',
  'leather',
  'boots',
  'satin',
  'stockings',
  'photo',
  'set',
  'studio',
  'casting',
  'model',
  'dentelle',
  'soirée',
  'noire',
  'rouge',
  'élégante',
  'massage',
  'companion',
  'discreet',
  'downtown',
  'weekend',
  'evening',
  'costume',
  'heels',
  'kimono',
  'collection',
  'portrait',
  'boudoir',
  'neuve',
  'taille',
  'petite',
  'grande',
  'classic',
  'modern',
  'handmade',
  'artisan',
  'velvet',
  'mesh',
  'harness',
  'mask',
  'gloves',
  'scarf',
  'perfume',
  'bijoux',
]

const QUERIES: { label: string; query: AdListQuery; target?: true }[] = [
  {
    label: 'keyword + province + category',
    query: { q: 'lingerie', province: 'ON', category: 'adult-buy-sell', page: 1 },
    target: true,
  },
  {
    label: 'two keywords + province + category',
    query: { q: 'silk robes', province: 'QC', category: 'adult-buy-sell', page: 1 },
  },
  {
    label: 'province + category, newest, page 1',
    query: { province: 'ON', category: 'adult-services', page: 1 },
  },
  {
    label: 'All Canada, one category, page 20',
    query: { province: 'ALL', category: 'adult-pics-vids', page: 20 },
  },
  { label: 'keyword, All Canada', query: { q: 'corset', page: 1 } },
  {
    label: 'city + verified + price-desc',
    query: { province: 'ON', city: 'Toronto', verified: true, sort: 'price-desc', page: 1 },
  },
]

/** Inserts `count` live ads with generated text in one statement; the search trigger fills the vectors. */
/** Writing thousands of ads in one statement outlasts a request's bounds on a busy machine. */
export const BULK_LIMITS: DatabaseLimits = { connectTimeoutMs: 30_000, statementTimeoutMs: 10 * 60_000 }

export async function seedAds(
  db: Awaited<ReturnType<typeof openDatabase>>['db'],
  count: number,
): Promise<void> {
  const provinces = PROVINCES.map((p) => p.code)
  const cities = PROVINCES.map((p) => p.cities[0] ?? p.name)
  const words = sql.raw(`ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`)
  const provinceArray = sql.raw(`ARRAY[${provinces.map((p) => `'${p}'`).join(',')}]`)
  const cityArray = sql.raw(`ARRAY[${cities.map((c) => `'${c.replaceAll("'", "''")}'`).join(',')}]`)
  const categories = sql.raw(`ARRAY[${CATEGORY_KEYS.map((c) => `'${c}'`).join(',')}]`)
  const n = WORDS.length
  // hashint4 spreads words, places and categories independently, as real ads are; plain modular
  // arithmetic would correlate them (some province + category pairs never holding a given word)
  const pick = (seed: number, size: number) => sql.raw(`1 + abs(hashint4(i + ${seed})) % ${size}`)
  await db.execute(sql`
    INSERT INTO ads (id, title, category, province, city, price_cents, price_unit, description,
                     verified, status, published_at, expires_at)
    SELECT lpad(to_hex(i), 12, '0'),
           (${words})[${pick(1, n)}] || ' ' || (${words})[${pick(2, n)}] || ' – ' || (${cityArray})[1 + i % ${provinces.length}],
           (${categories})[${pick(3, CATEGORY_KEYS.length)}],
           (${provinceArray})[1 + i % ${provinces.length}],
           (${cityArray})[1 + i % ${provinces.length}],
           ${pick(9, 50_000)},
           'per_unit',
           'Un ' || (${words})[${pick(4, n)}] || ' and ' || (${words})[${pick(5, n)}] || ' in very good condition, ' ||
             (${words})[${pick(6, n)}] || ' ' || (${words})[${pick(7, n)}] || '. Pick up or ship anywhere.',
           ${pick(8, 5)} <= 2,
           'live',
           now() - (i || ' minutes')::interval,
           now() + interval '30 days'
    FROM generate_series(1, ${count}) AS i`)
  await db.execute(sql`ANALYZE ads`)
}

/**
 * p50/p95 of the public listing and search query (listPublicAds: the count and the page, as the
 * route runs them) over AD_SEARCH_ADS generated live ads, on PGlite or the given PostgreSQL database.
 */
export async function benchAdSearch(databaseUrl?: string, runs = 100): Promise<AdSearchTiming[]> {
  const dir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'bench-ads-'))
  const database = await openDatabase({ databaseUrl, dataDir: dir ?? 'memory://', limits: BULK_LIMITS })
  try {
    const started = performance.now()
    await seedAds(database.db, AD_SEARCH_ADS)
    console.log(`seeded ${AD_SEARCH_ADS} ads in ${((performance.now() - started) / 1000).toFixed(1)} s`)
    const out: AdSearchTiming[] = []
    for (const { label, query, target } of QUERIES) {
      for (let i = 0; i < 5; i++) await listPublicAds(database.db, query, new Date())
      const samples: number[] = []
      for (let i = 0; i < runs; i++) {
        const start = performance.now()
        await listPublicAds(database.db, query, new Date())
        samples.push(performance.now() - start)
      }
      samples.sort((a, b) => a - b)
      out.push({
        label,
        ads: AD_SEARCH_ADS,
        p50Ms: percentile(samples, 50),
        p95Ms: percentile(samples, 95),
        target: target === true,
      })
    }
    return out
  } finally {
    await database.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}
