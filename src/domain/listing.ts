// The listing page's query over ads: filter, sort and paginate. Pure functions over plain arrays so a filter,
// sort or page change over every ad stays well under the 50 ms bar of
// docs/decisions/008-performance-budgets.md, and the same code runs online, offline and in tests.
import type { Ad } from './ad.ts'
import type { CategoryKey, CompanionType } from './categories.ts'
import { matchCategory, SERVICES_CATEGORY } from './categories.ts'
import type { SortOption } from './constants.ts'
import { foldAccents } from './fold-accents.ts'
import type { ProvinceOrAll } from './provinces.ts'
import { ALL, matchProvince } from './provinces.ts'

export const PAGE_SIZE = 12

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

export interface ListingQuery {
  province: ProvinceOrAll
  category: CategoryKey
  /** ALL (or absent) means every city. */
  city?: string
  /** Only applies to adult-services; ignored for the other categories. */
  escortType?: CompanionType
  /** Search within results: every word must appear in the title, description or city. */
  q?: string
  sort?: SortOption
  verifiedOnly?: boolean
  /** 1-based; out-of-range values are clamped to the nearest page. */
  page?: number
}

export interface ListingSources {
  /** The user's own ads: always listed before the generated ones. */
  own: readonly Ad[]
  generated: readonly Ad[]
}

export interface ListingPage {
  items: Ad[]
  /** Number of ads matching the filters, across every page. */
  total: number
  page: number
  pageCount: number
}

/** Lower case without accents, so "montreal" finds "Montréal" and "QUEBEC" finds "Québec City". */
export function normalizeText(value: string): string {
  return foldAccents(value).trim()
}

// Ads are immutable once loaded; caching their search text makes repeated keystrokes cheap.
const haystacks = new WeakMap<Ad, string>()

function haystack(ad: Ad): string {
  let text = haystacks.get(ad)
  if (text === undefined) {
    text = normalizeText(`${ad.title}\n${ad.description}\n${ad.city}`)
    haystacks.set(ad, text)
  }
  return text
}

export function isAllCities(city: string | undefined): boolean {
  return !city || city.trim() === '' || city.toUpperCase() === ALL
}

/** A predicate for the query's filters (everything except sort and page). */
export function adMatcher(query: ListingQuery): (ad: Ad) => boolean {
  const province = query.province.toUpperCase()
  const city = isAllCities(query.city) ? undefined : normalizeText(query.city ?? '')
  const escortType = query.category === SERVICES_CATEGORY ? query.escortType : undefined
  const words = normalizeText(query.q ?? '')
    .split(/\s+/)
    .filter((w) => w !== '')
  const verifiedOnly = query.verifiedOnly === true
  return (ad) =>
    ad.category === query.category &&
    (province === ALL || ad.province === province) &&
    (city === undefined || normalizeText(ad.city) === city) &&
    (escortType === undefined || ad.escortType === escortType) &&
    (!verifiedOnly || ad.verified) &&
    (words.length === 0 || words.every((w) => haystack(ad).includes(w)))
}

function postedTime(ad: Ad): number {
  const t = Date.parse(ad.postedAt)
  return Number.isNaN(t) ? 0 : t
}

/**
 * Sorts a copy. Array.prototype.sort is stable, so ads that tie (same price, or generated ads posted
 * at the same hour in different provinces) keep their original order and pages never reshuffle.
 */
export function sortAds(ads: readonly Ad[], sort: SortOption = 'new'): Ad[] {
  const copy = [...ads]
  switch (sort) {
    case 'new':
      return copy.sort((a, b) => postedTime(b) - postedTime(a))
    case 'price-asc':
      return copy.sort((a, b) => a.price - b.price)
    case 'price-desc':
      return copy.sort((a, b) => b.price - a.price)
  }
}

export function pageCount(total: number, pageSize: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize))
}

export function clampPage(page: number | undefined, pages: number): number {
  if (page === undefined || !Number.isFinite(page)) return 1
  return Math.min(Math.max(1, Math.trunc(page)), pages)
}

/** Filters and sorts both sources; the user's own ads stay ahead of the generated ones. */
export function filterAndSort(sources: ListingSources, query: ListingQuery): Ad[] {
  const matches = adMatcher(query)
  return [
    ...sortAds(sources.own.filter(matches), query.sort),
    ...sortAds(sources.generated.filter(matches), query.sort),
  ]
}

export function paginate(
  ads: readonly Ad[],
  page: number | undefined,
  pageSize: number = PAGE_SIZE,
): ListingPage {
  const pages = pageCount(ads.length, pageSize)
  const current = clampPage(page, pages)
  const start = (current - 1) * pageSize
  return { items: ads.slice(start, start + pageSize), total: ads.length, page: current, pageCount: pages }
}

export function queryListing(sources: ListingSources, query: ListingQuery): ListingPage {
  return paginate(filterAndSort(sources, query), query.page)
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
