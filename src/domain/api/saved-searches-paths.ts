// The saved searches' paths and limits without zod (docs/decisions/052-saved-searches.md): the listing's
// "Save this search" button loads with the listing, which must not carry zod (decision 035).

export const SavedSearchesPaths = {
  /** GET: every saved search with newSince; POST: save one (saving it again answers the same one) */
  list: '/account/searches',
  /** PATCH { alert?, frequency? } / DELETE */
  one: (id: string) => `/account/searches/${encodeURIComponent(id)}`,
  /** POST: the listing was opened from /searches; newSince counts from now */
  opened: (id: string) => `/account/searches/${encodeURIComponent(id)}/opened`,
} as const

/** How many searches one account may keep (issue 41). */
export const MAX_SAVED_SEARCHES = 20

export const SEARCH_ALERTS = ['none', 'email', 'push', 'both'] as const
export type SearchAlert = (typeof SEARCH_ALERTS)[number]
export const SEARCH_FREQUENCIES = ['instant', 'daily'] as const
export type SearchFrequency = (typeof SEARCH_FREQUENCIES)[number]
