import { z } from 'zod'
import { CATEGORY_KEYS, COMPANION_TYPES } from '../categories.ts'
import { ALL, PROVINCE_CODES } from '../provinces.ts'
import { AdListQuerySchema } from './ads.ts'
import { says } from './error-codes.ts'
import { SEARCH_ALERTS, SEARCH_FREQUENCIES } from './saved-searches-paths.ts'

// A signed-in user's saved searches (issue 41 item 2, docs/decisions/052-saved-searches.md): a listing's
// filters kept with the account, each with how many ads were listed since it was last opened. The alert
// and its frequency are stored now; the mail and push that use them come with issue 41 item 3.

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
