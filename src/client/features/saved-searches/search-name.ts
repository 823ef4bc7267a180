import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName, provinceLabel } from '#client/i18n/names.ts'
import type { SavedSearch } from '#domain/api/saved-searches.ts'
import { savedSearchName } from '#domain/saved-search-name.ts'

export { savedSearchPath as searchPath } from '#domain/saved-search-name.ts'

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
