// The listing page's rules both sides share: the page size, the page count and the page a number
// lands on, the path's province and category, and which page numbers to draw. The ads themselves are
// filtered, searched and sorted by the server's SQL (server/services/ads/ad-search.ts).
import type { CategoryKey } from './categories.ts'
import { matchCategory } from './categories.ts'
import type { ProvinceOrAll } from './provinces.ts'
import { ALL, matchProvince } from './provinces.ts'

export const PAGE_SIZE = 12

/**
 * The query parameters a listing page reads (the app's listing-search.ts): any other one (utm_…, a
 * tracker's id) draws the same page, which the server keeps once (routes/pages.ts).
 */
export const LISTING_SEARCH_KEYS = [
  'q',
  'city',
  'escortType',
  'page',
  'sort',
  'verified',
  'available',
] as const

/**
 * Reads the listing route's path segments: the province case-insensitively (undefined when it is
 * not a province or ALL, so the page can say so), the category with adult-buy-sell as the default.
 */
export function resolveListingPath(
  provinceParam: string,
  categoryParam: string | undefined,
): { province: ProvinceOrAll; category: CategoryKey } | undefined {
  const province = matchProvince(provinceParam)
  return province ? { province, category: matchCategory(categoryParam) } : undefined
}

export function isAllCities(city: string | undefined): boolean {
  return !city || city.trim() === '' || city.toUpperCase() === ALL
}

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export function clampPage(page: number | undefined, pages: number): number {
  if (page === undefined || !Number.isFinite(page)) return 1
  return Math.min(Math.max(1, Math.trunc(page)), pages)
}

/**
 * The page numbers to draw: all of them when there are few, otherwise the first, the last and a
 * window around the current one, with null marking a gap ("1 … 4 5 6 … 20").
 */
export function pageNumbers(current: number, total: number, around = 1): (number | null)[] {
  if (total <= 5 + 2 * around) return Array.from({ length: total }, (_, i) => i + 1)
  const out: (number | null)[] = [1]
  const from = Math.max(2, current - around)
  const to = Math.min(total - 1, current + around)
  if (from > 2) out.push(null)
  for (let p = from; p <= to; p++) out.push(p)
  if (to < total - 1) out.push(null)
  out.push(total)
  return out
}
