import { z } from 'zod'
import { PublicAdSchema } from './ads.ts'
import { AD_ID_PATTERN } from './ads-paths.ts'
import { says } from './error-codes.ts'

// A signed-in user's favourites (issue 41 item 1, docs/decisions/046-favourites.md). Signed out they
// live on the device only; at sign-in the app merges them here and they follow the account.

export const FavouritesPaths = {
  /** GET: every favourite, newest first, with the ad as the public sees it (null once it is gone) */
  list: '/account/favourites',
  /** PUT (idempotent) / DELETE: keep or drop one ad */
  one: (adId: string) => `/account/favourites/${encodeURIComponent(adId)}`,
  /** POST { items }: the device's favourites, kept with their own dates; a repeat changes nothing */
  merge: '/account/favourites/merge',
} as const

/** How many favourites one merge may carry (a device keeps at most this many). */
export const MAX_FAVOURITES = 500

export const FavouriteAdIdSchema = z.string().regex(AD_ID_PATTERN, says('favourite.bad_ad_id'))

export const FavouriteParamsSchema = z.object({ adId: FavouriteAdIdSchema })

export const FavouriteSchema = z.object({
  adId: z.string(),
  savedAt: z.string(),
  // true while the ad is live and not expired: a held, expired or removed ad stays listed, marked
  listed: z.boolean(),
  ad: PublicAdSchema.nullable(),
})
export type Favourite = z.infer<typeof FavouriteSchema>

export const FavouriteListSchema = z.object({ items: z.array(FavouriteSchema) })
export type FavouriteList = z.infer<typeof FavouriteListSchema>

export const FavouriteMergeSchema = z.object({
  items: z
    .array(
      z.object({
        adId: FavouriteAdIdSchema,
        // when the device kept it; a date in the future is read as now
        savedAt: z.iso.datetime({ offset: true }).optional(),
      }),
    )
    .max(MAX_FAVOURITES),
})
export type FavouriteMerge = z.infer<typeof FavouriteMergeSchema>

/** The account's favourites after a merge, and the device's ids the server never had (kept on the device, marked gone). */
export const FavouriteMergeResultSchema = FavouriteListSchema.extend({ skipped: z.array(z.string()) })
export type FavouriteMergeResult = z.infer<typeof FavouriteMergeResultSchema>
