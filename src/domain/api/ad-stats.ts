import { z } from 'zod'
import { AD_ID_PATTERN, AdsPaths, VIEW_BEACON_MAX_ADS } from './ads-paths.ts'
import { says } from './error-codes.ts'

// Stats for each ad (issue 42 item 1, docs/decisions/053-ad-stats.md): what its owner and the admins
// read on /manage, per UTC day over the last 30 days, oldest first.

/** How many days GET /api/ads/:id/stats answers, today included. */
export const AD_STATS_DAYS = 30

/** `ads` of the view beacon: 1 to 20 ad ids joined by '.' */
export const AD_VIEWS_PATTERN = new RegExp(
  `^${AD_ID_PATTERN.source.slice(1, -1)}(?:\\.${AD_ID_PATTERN.source.slice(1, -1)}){0,${VIEW_BEACON_MAX_ADS - 1}}$`,
)

export const AdViewsQuerySchema = z.object({
  /** the ads a visit showed, '.' between ids (at most 20) */
  ads: z.string().regex(AD_VIEWS_PATTERN, says('ad.bad_id')),
  /** the device's random id; without it the visitor is their address and user agent */
  d: z.string().regex(AdsPaths.viewDevicePattern).optional(),
})

const CountsSchema = z.object({
  /** the ad's page or dialog shown, once per visitor per day */
  views: z.number().int().nonnegative(),
  /** contact details revealed */
  reveals: z.number().int().nonnegative(),
  /** favourites kept now that were added that day */
  favourites: z.number().int().nonnegative(),
  /** saved-search alerts sent for the ad (zero until alerts exist) */
  alerts: z.number().int().nonnegative(),
})
export type AdStatsCounts = z.infer<typeof CountsSchema>

const AdStatsDaySchema = CountsSchema.extend({
  /** YYYY-MM-DD, a day in UTC */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
})

export const AdStatsSchema = z.object({
  days: z.array(AdStatsDaySchema),
  totals: CountsSchema,
})
export type AdStats = z.infer<typeof AdStatsSchema>
