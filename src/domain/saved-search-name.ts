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
