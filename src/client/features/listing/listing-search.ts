// The listing page's search params (spec section 2: q, city, escortType, page; plus sort and the
// only-verified filter). Filters live in the URL so back/forward, reload and shared links all
// restore the same page. Every field falls back instead of failing: a hand-edited URL still renders.
import { z } from 'zod'
import { COMPANION_TYPES } from '#domain/categories.ts'
import { SORT_OPTIONS } from '#domain/constants.ts'
import { ALL } from '#domain/provinces.ts'

// TanStack Router parses search values as JSON, so ?q=123 arrives as a number: read it as text.
const text = z.union([z.string(), z.number()]).transform((v) => String(v).trim())

export const listingSearchSchema = z.object({
  q: text.optional().catch(undefined),
  city: text.default(ALL).catch(ALL),
  escortType: z.enum(COMPANION_TYPES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).default(1).catch(1),
  sort: z.enum(SORT_OPTIONS).default('new').catch('new'),
  verified: z.boolean().default(false).catch(false),
})

export type ListingSearch = z.output<typeof listingSearchSchema>

/** Values left out of the URL: a listing link without params shows exactly these. */
export const listingSearchDefaults = {
  city: ALL,
  page: 1,
  sort: 'new',
  verified: false,
} as const satisfies Partial<ListingSearch>
