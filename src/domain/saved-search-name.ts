// What a saved search is called: what it searches, in the reader's language ("Toronto · Adult Buy &
// Sell · "silk""; docs/decisions/052-saved-searches.md). The words come from the caller, so the app
// names a search from its catalogs and a mail can name it in the account's language.
import type { CategoryKey, CompanionType } from './categories.ts'

export interface SearchNameParts {
  province: string
  category: CategoryKey
  /** null: every city, named by the province */
  city: string | null
  q: string | null
  escortType: CompanionType | null
  verified: boolean
}

export interface SearchNameWords {
  /** a province code or ALL, as the listing names it */
  place: (province: string) => string
  category: (key: CategoryKey) => string
  companion: (type: CompanionType) => string
  /** the words searched, quoted the language's way: contains {q} */
  quoted: string
  /** the verified filter */
  verified: string
}

export function savedSearchName(search: SearchNameParts, words: SearchNameWords): string {
  const parts = [
    search.city ?? words.place(search.province),
    // a companion type names the search better than its category ("Adult Companions")
    search.escortType ? words.companion(search.escortType) : words.category(search.category),
  ]
  if (search.q) parts.push(words.quoted.replace('{q}', search.q))
  if (search.verified) parts.push(words.verified)
  return parts.join(' · ')
}

/** The listing a saved search stands for, its filters in the URL as the listing writes them: the app's
 * link, an alert mail's and a push's `url` (docs/decisions/054-alerts.md) are one address. */
export function savedSearchPath(search: {
  province: string
  category: string
  city: string | null
  q: string | null
  escortType: string | null
  verified: boolean
}): string {
  const params = new URLSearchParams()
  if (search.city) params.set('city', search.city)
  if (search.q) params.set('q', search.q)
  if (search.escortType) params.set('escortType', search.escortType)
  if (search.verified) params.set('verified', 'true')
  const query = params.toString()
  return `/ca/${search.province}/${search.category}${query ? `?${query}` : ''}`
}
