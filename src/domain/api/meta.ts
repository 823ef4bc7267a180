import { z } from 'zod'
import { says } from '#domain/api/error-codes.ts'
import { CITY_FETCH_LIMIT } from '#domain/constants.ts'
import { ALL, matchProvince, PROVINCE_CODES } from '#domain/provinces.ts'

// Request and response shapes of /api/meta (and the reachability check at /api/), shared by the
// server routes and the client.

export const MetaPaths = {
  cities: '/meta/cities',
  adRules: '/meta/ad-rules',
} as const

/** The server's ad rules a page quotes (set by its configuration, so never a copy in the app). */
export const AdRulesSchema = z.object({
  /** days an ad stays listed once its posting fee is paid or it is renewed (AD_LIFETIME_DAYS) */
  adLifetimeDays: z.number().positive(),
})
export type AdRules = z.infer<typeof AdRulesSchema>

export const HealthSchema = z.object({ status: z.literal('ok') })
export type Health = z.infer<typeof HealthSchema>

/** More than every place in the dataset, so a client can always ask for "all of them". */
export const MAX_CITY_LIMIT = 5_000

export const CitiesQuerySchema = z.object({
  province: z
    .string()
    .trim()
    .optional()
    .refine(
      (value) => !value || matchProvince(value) !== undefined,
      says('ad.unknown_province', { codes: PROVINCE_CODES.join(', '), all: ALL }),
    )
    // case-insensitive like the /ca/{province} route; missing or ALL means every province
    .transform((value) => (value ? matchProvince(value) : undefined) ?? ALL)
    .describe('Province code (case-insensitive) or ALL; missing means all provinces'),
  q: z
    .string()
    .max(100)
    .optional()
    .describe('Prefix of the name or of any word in it; accents and case are ignored'),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_CITY_LIMIT)
    .default(CITY_FETCH_LIMIT)
    .describe('Most places to return, largest first'),
})
export type CitiesQuery = z.input<typeof CitiesQuerySchema>

export const CitySchema = z.object({
  name: z.string(),
  province: z.enum(PROVINCE_CODES),
})
export type City = z.infer<typeof CitySchema>

export const CitiesResponseSchema = z.object({ items: z.array(CitySchema) })
export type CitiesResponse = z.infer<typeof CitiesResponseSchema>
