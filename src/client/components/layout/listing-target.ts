// Where the header's search form, province selector and city selector send the user. Pure functions
// of the current location, so the rules can be pinned by tests.

import { type CategoryKey, DEFAULT_CATEGORY, matchCategory } from '#domain/categories.ts'
import { ALL, matchProvince, type ProvinceOrAll } from '#domain/provinces.ts'

export type SearchParams = Record<string, unknown>

export interface CurrentLocation {
  pathname: string
  search: SearchParams
}

export interface ListingTarget {
  province: ProvinceOrAll
  category: CategoryKey
  search: SearchParams
}

export interface ListingPath {
  province: ProvinceOrAll
  category: CategoryKey
}

const LISTING_PATH = /^\/ca\/([^/]+)\/([^/]+)\/?$/i

/** The province and category of a listing URL (/ca/{province}/{category}), or null elsewhere. */
export function parseListingPath(pathname: string): ListingPath | null {
  const match = LISTING_PATH.exec(pathname)
  if (!match?.[1] || !match[2]) return null
  const rawProvince = decodeURIComponent(match[1])
  return {
    province: matchProvince(rawProvince) ?? ALL,
    category: matchCategory(decodeURIComponent(match[2])),
  }
}

function withoutEmpty(search: SearchParams): SearchParams {
  return Object.fromEntries(
    Object.entries(search).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  )
}

/**
 * The header search: the current listing's province and category (adult-buy-sell and ALL
 * elsewhere), keeping the city and the other query params of a listing. The page goes back to the
 * first one because a new keyword gives a new result list.
 */
export function searchTarget(current: CurrentLocation, keyword: string): ListingTarget {
  const listing = parseListingPath(current.pathname)
  const q = keyword.trim()
  if (!listing) {
    const city = current.search.city
    return {
      province: ALL,
      category: DEFAULT_CATEGORY,
      search: withoutEmpty({ q, city: typeof city === 'string' ? city : undefined }),
    }
  }
  const { page: _page, ...kept } = current.search
  return { ...listing, search: withoutEmpty({ ...kept, q }) }
}

/** Choosing a province keeps the category and params; the city belonged to the old province. */
export function provinceTarget(current: CurrentLocation, province: ProvinceOrAll): ListingTarget {
  const listing = parseListingPath(current.pathname)
  if (!listing) return { province, category: DEFAULT_CATEGORY, search: {} }
  const { page: _page, city: _city, ...kept } = current.search
  return { province, category: listing.category, search: withoutEmpty(kept) }
}

/** Choosing a city keeps the province, category and other params; ALL (the default) leaves the URL. */
export function cityTarget(current: CurrentLocation, province: ProvinceOrAll, city: string): ListingTarget {
  const listing = parseListingPath(current.pathname)
  const chosen = city === ALL ? undefined : city
  if (!listing) return { province, category: DEFAULT_CATEGORY, search: withoutEmpty({ city: chosen }) }
  const { page: _page, city: _old, ...kept } = current.search
  return {
    province: listing.province,
    category: listing.category,
    search: withoutEmpty({ ...kept, city: chosen }),
  }
}

/** The URL of a listing target, for plain links and tests. */
export function listingHref(target: ListingTarget): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(target.search)) {
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value))
  }
  const query = params.toString()
  return `/ca/${target.province}/${target.category}${query ? `?${query}` : ''}`
}
