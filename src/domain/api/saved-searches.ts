import { z } from 'zod'
import { CATEGORY_KEYS, COMPANION_TYPES } from '../categories.ts'
import { ALL, PROVINCE_CODES } from '../provinces.ts'
import { AdListQuerySchema } from './ads.ts'
import { says } from './error-codes.ts'

// A signed-in user's saved searches (issue 41 item 2, docs/decisions/052-saved-searches.md): a listing's
// filters kept with the account, each with how many ads were listed since it was last opened. The alert
// and its frequency are stored now; the mail and push that use them come with issue 41 item 3.

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

const AlertSchema = z.enum(
  SEARCH_ALERTS,
  says('request.one_of', { name: 'alert', values: SEARCH_ALERTS.join(', ') }),
)
const FrequencySchema = z.enum(
  SEARCH_FREQUENCIES,
  says('request.one_of', { name: 'frequency', values: SEARCH_FREQUENCIES.join(', ') }),
)

const query = AdListQuerySchema.shape

/** What a listing searches: the listing's own query fields, so a saved search reads as the listing does. */
export const SavedSearchCreateSchema = z.object({
  province: query.province.unwrap(),
  category: query.category.unwrap(),
  city: query.city,
  q: query.q,
  escortType: query.escortType,
  verified: z.boolean().optional(),
  alert: AlertSchema.default('none'),
  frequency: FrequencySchema.default('daily'),
})
export type SavedSearchCreate = z.input<typeof SavedSearchCreateSchema>

export const SavedSearchPatchSchema = z.object({
  alert: AlertSchema.optional(),
  frequency: FrequencySchema.optional(),
})
export type SavedSearchPatch = z.infer<typeof SavedSearchPatchSchema>

export const SavedSearchParamsSchema = z.object({ id: z.string().max(100) })

export const SavedSearchSchema = z.object({
  id: z.string(),
  province: z.enum([ALL, ...PROVINCE_CODES]),
  category: z.enum(CATEGORY_KEYS),
  /** null: every city */
  city: z.string().nullable(),
  q: z.string().nullable(),
  /** only for the companions category */
  escortType: z.enum(COMPANION_TYPES).nullable(),
  verified: z.boolean(),
  alert: z.enum(SEARCH_ALERTS),
  frequency: z.enum(SEARCH_FREQUENCIES),
  createdAt: z.string(),
  lastOpenedAt: z.string(),
  /** listed ads matching the search that were first published after lastOpenedAt */
  newSince: z.number().int(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema) })
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>
