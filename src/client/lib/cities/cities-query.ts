import { queryOptions } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { MetaPaths } from '#domain/api/meta.ts'
import { CITY_FETCH_LIMIT } from '#domain/constants.ts'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'

export interface CityItem {
  name: string
}

export const citiesKeys = {
  all: ['cities'] as const,
  list: (province: ProvinceOrAll, q: string) => ['cities', province, q] as const,
}

function parseCities(body: unknown): CityItem[] {
  if (typeof body !== 'object' || body === null || !('items' in body) || !Array.isArray(body.items)) return []
  return body.items.flatMap((item: unknown) =>
    typeof item === 'object' && item !== null && 'name' in item && typeof item.name === 'string'
      ? [{ name: item.name }]
      : [],
  )
}

/** GET /api/meta/cities: places of one province (every province for ALL), filtered by q. */
export async function fetchCities(
  province: ProvinceOrAll,
  q: string,
  signal?: AbortSignal,
): Promise<CityItem[]> {
  const body = await http.get(MetaPaths.cities, {
    auth: 'none',
    signal,
    query: { province: province === ALL ? undefined : province, q: q.trim(), limit: CITY_FETCH_LIMIT },
  })
  return parseCities(body)
}

export function citiesQuery(province: ProvinceOrAll, q: string) {
  return queryOptions({
    queryKey: citiesKeys.list(province, q.trim()),
    queryFn: ({ signal }) => fetchCities(province, q, signal),
    staleTime: 24 * 60 * 60 * 1000,
  })
}
