import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName, provinceLabel } from '#client/i18n/names.ts'
import type { SavedSearch } from '#domain/api/saved-searches.ts'
import { savedSearchName } from '#domain/saved-search-name.ts'

/** The search's name in the app's language: "Toronto · Adult Buy & Sell · "silk"". */
export function searchName(search: SavedSearch): string {
  return savedSearchName(search, {
    place: provinceLabel,
    category: categoryName,
    companion: companionName,
    quoted: msg.savedSearches.quoted,
    verified: msg.savedSearches.verified,
  })
}

/** The listing the search stands for, with its filters in the URL as the listing writes them. */
export function searchPath(search: SavedSearch): string {
  const params = new URLSearchParams()
  if (search.city) params.set('city', search.city)
  if (search.q) params.set('q', search.q)
  if (search.escortType) params.set('escortType', search.escortType)
  if (search.verified) params.set('verified', 'true')
  const query = params.toString()
  return `/ca/${search.province}/${search.category}${query ? `?${query}` : ''}`
}
