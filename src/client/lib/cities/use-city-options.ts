import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { ProvinceOrAll } from '#domain/provinces.ts'
import { type CityItem, citiesQuery } from './cities-query.ts'

const CITY_FILTER_DEBOUNCE_MS = 250

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return debounced
}

export interface CityOptions {
  filter: string
  setFilter: (value: string) => void
  cities: CityItem[]
  loading: boolean
}

/**
 * The city selector's state: the list reloads when the province
 * changes and the typed filter resets; the filter reaches the API 250 ms after the last keystroke;
 * a failed load shows an empty list, without an error, because the selector stays usable with 'All cities'.
 * `enabled` lets the selector fetch only once it is opened, keeping the first page load light.
 */
export function useCityOptions(province: ProvinceOrAll, enabled = true): CityOptions {
  const [filter, setFilter] = useState('')
  const [filterProvince, setFilterProvince] = useState(province)
  if (filterProvince !== province) {
    // reset during render (React's "adjusting state when a prop changes") so no stale query runs
    setFilterProvince(province)
    setFilter('')
  }
  const debounced = useDebouncedValue(filter, CITY_FILTER_DEBOUNCE_MS)
  // a cleared filter applies at once; a typed one waits for the debounce
  const q = filter === '' ? '' : debounced
  const query = useQuery({ ...citiesQuery(province, q), enabled })
  return {
    filter,
    setFilter,
    cities: query.isError ? [] : (query.data ?? []),
    loading: enabled && query.isPending,
  }
}
