import { count } from 'drizzle-orm'
import type { City } from '#domain/api/meta.ts'
import { ALL, isProvinceCode, type ProvinceOrAll } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { cities } from '#server/db/schema/cities.ts'
import { type CityRow, compareCities, loadCanadianCities } from './dataset.ts'
import { matchesWordPrefix, normalizeForSearch } from './normalize-city-name.ts'

const INSERT_BATCH = 500
const JSON_CACHE_ENTRIES = 1_000

/** Fills the cities table from the dataset when it is empty; safe when two processes race. */
export async function seedCitiesIfEmpty(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cities)
  if ((row?.n ?? 0) > 0) return 0
  const rows = await loadCanadianCities()
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await db
      .insert(cities)
      .values(rows.slice(i, i + INSERT_BATCH))
      .onConflictDoNothing()
  }
  return rows.length
}

export interface CitySearch {
  province: ProvinceOrAll
  q?: string | undefined
  limit: number
}

/**
 * The cities table held in memory, largest first, so GET /api/meta/cities answers without a
 * query (the table is small, read-only at run time, and the endpoint is hit on every screen).
 */
export class CityIndex {
  private readonly all: readonly CityRow[]
  private readonly byProvince = new Map<string, CityRow[]>()
  // serialised answers: a handful of queries (every province, no q) make most of the traffic, and
  // serialising 1000 items per request was the bulk of the endpoint's cost
  private readonly jsonCache = new Map<string, Buffer>()

  constructor(rows: readonly CityRow[]) {
    this.all = [...rows].sort(compareCities)
    for (const row of this.all) {
      const list = this.byProvince.get(row.province)
      if (list) list.push(row)
      else this.byProvince.set(row.province, [row])
    }
  }

  get size(): number {
    return this.all.length
  }

  search({ province, q, limit }: CitySearch): City[] {
    const pool = province === ALL ? this.all : (this.byProvince.get(province) ?? [])
    const needle = normalizeForSearch(q ?? '')
    const found: City[] = []
    for (const row of pool) {
      if (found.length >= limit) break
      if (needle && !matchesWordPrefix(row.search, needle)) continue
      found.push({ name: row.name, province: row.province })
    }
    return found
  }

  /** The `{ items }` response body as UTF-8 JSON, from a bounded cache (oldest entry dropped first). */
  searchJson(query: CitySearch): Buffer {
    const key = `${query.province}|${normalizeForSearch(query.q ?? '')}|${query.limit}`
    const hit = this.jsonCache.get(key)
    if (hit !== undefined) return hit
    const json = Buffer.from(JSON.stringify({ items: this.search(query) }))
    if (this.jsonCache.size >= JSON_CACHE_ENTRIES) {
      const oldest = this.jsonCache.keys().next().value
      if (oldest !== undefined) this.jsonCache.delete(oldest)
    }
    this.jsonCache.set(key, json)
    return json
  }
}

export async function loadCityIndex(db: Db): Promise<CityIndex> {
  await seedCitiesIfEmpty(db)
  const rows = await db
    .select({
      name: cities.name,
      province: cities.province,
      population: cities.population,
      search: cities.search,
    })
    .from(cities)
  return new CityIndex(
    rows.flatMap(({ province, ...rest }) => (isProvinceCode(province) ? [{ ...rest, province }] : [])),
  )
}
