// The listing page's search params (q, city, escortType, page; plus sort and the
// only-verified filter). Filters live in the URL so back/forward, reload and shared links all
// restore the same page. Every field falls back instead of failing: a hand-edited URL still renders.
import type { SearchSchemaInput } from '@tanstack/react-router'
import { searchOneOf, searchText } from '#client/lib/search-schema.ts'
import {
  type CategoryKey,
  COMPANION_TYPES,
  type CompanionType,
  DEFAULT_CATEGORY,
  SERVICES_CATEGORY,
} from '#domain/categories.ts'
import { SORT_OPTIONS, type SortOption } from '#domain/constants.ts'
import { isAllCities, type LISTING_SEARCH_KEYS, resolveListingPath } from '#domain/listing.ts'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'
import type { AdListQueryParams } from './api/ads-keys.ts'

export interface ListingSearch {
  q?: string
  city: string
  escortType?: CompanionType
  page: number
  sort: SortOption
  verified: boolean
  /** only ads whose owner is "Available now" (docs/decisions/048-advertisers.md) */
  available: boolean
}

// the server keeps one page for every spelling of a listing's query that reads the same, by this list:
// a parameter added above and not there would be dropped by the server's render
type Unlisted = Exclude<keyof ListingSearch, (typeof LISTING_SEARCH_KEYS)[number]>
const everyParamListed: Unlisted extends never ? true : Unlisted = true
void everyParamListed

function pageNumber(value: unknown): number {
  if (value === undefined) return 1
  const page = Number(value)
  return Number.isInteger(page) && page >= 1 ? page : 1
}

/**
 * The router's validateSearch for listing pages. Written by hand rather than with zod because the
 * listing route's options are part of the first load of every page, and zod is not.
 * Params may be left out of links (SearchSchemaInput): each has a default.
 */
export function parseListingSearch(search: Partial<ListingSearch> & SearchSchemaInput): ListingSearch {
  const raw = search as Record<string, unknown>
  const q = searchText(raw.q)
  const escortType = searchOneOf(COMPANION_TYPES, raw.escortType)
  // every key named, undefined when refused: the router lays this over the URL's raw search, where a key
  // left out would keep its raw value (?escortType=zzz would reach the page)
  return {
    q,
    city: searchText(raw.city) ?? ALL,
    escortType,
    page: pageNumber(raw.page),
    sort: searchOneOf(SORT_OPTIONS, raw.sort) ?? 'new',
    // text from the URL, a boolean from a link in code
    verified: raw.verified === 'true' || raw.verified === true,
    available: raw.available === 'true' || raw.available === true,
  }
}

/** Values left out of the URL: a listing link without params shows exactly these. */
export const listingSearchDefaults = {
  city: ALL,
  page: 1,
  sort: 'new',
  verified: false,
  available: false,
} as const satisfies Partial<ListingSearch>

/** The GET /ads query of a listing URL: one definition for the page and its server render's loader. */
export function listingQuery(
  provinceParam: string,
  categoryParam: string,
  search: ListingSearch,
): AdListQueryParams & { province: ProvinceOrAll; category: CategoryKey } {
  const path = resolveListingPath(provinceParam, categoryParam)
  const category = path?.category ?? DEFAULT_CATEGORY
  return {
    province: path?.province ?? ALL,
    category,
    city: isAllCities(search.city) ? undefined : search.city,
    escortType: category === SERVICES_CATEGORY ? search.escortType : undefined,
    q: search.q || undefined,
    // no sort in the URL: newest first, or best match first when searching
    sort: search.sort === 'new' ? undefined : search.sort,
    verified: search.verified || undefined,
    available: search.available || undefined,
    page: search.page,
  }
}

/**
 * The one URL a listing's content lives at, for search engines: its path with the city, companion
 * type and page, never the keyword, sort, verified or available filter (views of the same ads).
 */
export function listingCanonicalPath(query: AdListQueryParams): string {
  const params = new URLSearchParams()
  if (query.city) params.set('city', query.city)
  if (query.escortType) params.set('escortType', query.escortType)
  if (query.page && query.page > 1) params.set('page', String(query.page))
  const search = params.toString()
  return `/ca/${query.province}/${query.category}${search ? `?${search}` : ''}`
}
