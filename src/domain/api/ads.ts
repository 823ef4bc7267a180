import { z } from 'zod'
import { AD_STATUSES } from '../ad-status.ts'
import { AVAILABLE_HOURS_DEFAULT, AVAILABLE_HOURS_MAX, AVAILABLE_HOURS_MIN } from '../available-now.ts'
import { CATEGORY_KEYS, COMPANION_TYPES } from '../categories.ts'
import {
  CONTACT_PLATFORMS,
  MAX_PHOTOS,
  MAX_VIDEOS_EDIT,
  MAX_VIDEOS_POST,
  PRICE_UNITS,
  SORT_OPTIONS,
} from '../constants.ts'
import { stripInvisible } from '../invisible-text.ts'
import { ALL, PROVINCE_CODES } from '../provinces.ts'
import { TOUR_DATE, TOUR_MAX_VISITS } from '../tours.ts'
import { hasNoNul } from './common.ts'
import { type ErrorField, says } from './error-codes.ts'
import { PhotoReviewStateSchema, PhotoViewSchema } from './media.ts'
import { HoldSchema } from './reports.ts'

// Request and response shapes of /api/ads, shared by the server routes and the client.
// Contact details are in no list or detail answer: only the reveal route returns them.

export const MAX_TITLE_LENGTH = 120
export const MAX_DESCRIPTION_LENGTH = 5_000
export const MAX_CITY_LENGTH = 100
export const MAX_PRICE_DOLLARS = 1_000_000
export const MAX_QUERY_LENGTH = 200
export const MAX_PAGE = 10_000

const freeText = (max: number, field: ErrorField) =>
  z
    .string()
    // before trimming and counting: a title of zero-width characters alone is an empty title
    .overwrite(stripInvisible)
    .trim()
    .max(max, says('text.too_long', { field, max }))
    .refine(hasNoNul, says('text.nul'))

// media ids from the upload route; stock paths are for seeded demo ads only, never accepted here
const MediaIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, says('ad.media_ids'))

export const AdContactSchema = z.object({
  phone: freeText(40, 'phone').default(''),
  email: z.union([z.literal(''), z.email(says('auth.email_invalid')).max(200)]).default(''),
  website: freeText(500, 'website').default(''),
  handle: freeText(100, 'handle').default(''),
})
export type AdContact = z.infer<typeof AdContactSchema>

const AdCitySchema = freeText(MAX_CITY_LENGTH, 'city')

export const AdWriteSchema = z.object({
  title: freeText(MAX_TITLE_LENGTH, 'title').min(1, says('ad.title_required')),
  category: z.enum(CATEGORY_KEYS),
  // only adult-services ads have one; the server drops it for the other categories
  escortType: z.enum(COMPANION_TYPES).nullish(),
  province: z.enum(PROVINCE_CODES),
  // optional: the spec requires only a title; an ad without a city is listed under its province's
  // "All cities" (docs/decisions/036-one-ad-rule.md)
  city: AdCitySchema.default(''),
  /** CAD dollars, the seller's asking price label (0 = contact for price) */
  price: z.number().nonnegative().max(MAX_PRICE_DOLLARS).default(0),
  priceUnit: z.enum(PRICE_UNITS).default('per_unit'),
  description: freeText(MAX_DESCRIPTION_LENGTH, 'description').default(''),
  images: z
    .array(MediaIdSchema)
    .max(MAX_PHOTOS, says('ad.too_many_photos', { max: MAX_PHOTOS }))
    .default([]),
  videos: z
    .array(MediaIdSchema)
    .max(MAX_VIDEOS_POST, says('ad.too_many_videos', { max: MAX_VIDEOS_POST }))
    .default([]),
  contact: AdContactSchema.default({ phone: '', email: '', website: '', handle: '' }),
  contactPlatform: z.enum(CONTACT_PLATFORMS).nullish(),
  /**
   * Adult Companions ads only, on every post and edit: the advertiser confirms they are 18 or older and
   * that the ad offers only their own time and company (docs/decisions/049-open-in-canada.md).
   */
  ownServicesConfirmed: z.boolean().optional(),
})
export type AdWrite = z.infer<typeof AdWriteSchema>
export type AdWriteInput = z.input<typeof AdWriteSchema>

// An edit sends only what changed; defaults must not fill in (and so erase) the fields it left out.
export const AdPatchSchema = z
  .object({
    title: AdWriteSchema.shape.title,
    category: AdWriteSchema.shape.category,
    escortType: AdWriteSchema.shape.escortType,
    province: AdWriteSchema.shape.province,
    city: AdCitySchema,
    price: z.number().nonnegative().max(MAX_PRICE_DOLLARS),
    priceUnit: z.enum(PRICE_UNITS),
    description: freeText(MAX_DESCRIPTION_LENGTH, 'description'),
    images: z.array(MediaIdSchema).max(MAX_PHOTOS, says('ad.too_many_photos', { max: MAX_PHOTOS })),
    // the spec allows fewer videos on /edit than on /post
    videos: z
      .array(MediaIdSchema)
      .max(MAX_VIDEOS_EDIT, says('ad.too_many_videos_edit', { max: MAX_VIDEOS_EDIT })),
    contact: AdContactSchema,
    contactPlatform: AdWriteSchema.shape.contactPlatform,
    ownServicesConfirmed: AdWriteSchema.shape.ownServicesConfirmed,
  })
  .partial()
export type AdPatch = z.infer<typeof AdPatchSchema>

export const AdParamsSchema = z.object({ id: z.string().max(100) })

const boolText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1')

/** `?page=` of a paged list (the public listing, the admin's search): 1 when absent. */
export const PageParamSchema = z.coerce
  .number(says('request.page_not_number'))
  .int(says('request.page_not_whole'))
  .min(1, says('request.page_too_small'))
  .max(MAX_PAGE, says('request.page_too_large', { max: MAX_PAGE }))
  .default(1)

export const AdListQuerySchema = z.object({
  // ALL (any case) or absent means every province / city
  province: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum([ALL, ...PROVINCE_CODES], says('request.province', { codes: PROVINCE_CODES.join(', ') })))
    .optional(),
  city: freeText(MAX_CITY_LENGTH, 'city_search').optional(),
  category: z
    .enum(CATEGORY_KEYS, says('request.one_of', { name: 'category', values: CATEGORY_KEYS.join(', ') }))
    .optional(),
  escortType: z
    .enum(COMPANION_TYPES, says('request.one_of', { name: 'escortType', values: COMPANION_TYPES.join(', ') }))
    .optional(),
  q: freeText(MAX_QUERY_LENGTH, 'q').optional(),
  // absent: newest first, or best match first when q is given
  sort: z
    .enum(SORT_OPTIONS, says('request.one_of', { name: 'sort', values: SORT_OPTIONS.join(', ') }))
    .optional(),
  verified: boolText.optional(),
  // only ads whose owner switched "Available now" on and whose hours have not run out
  available: boolText.optional(),
  page: PageParamSchema,
})
export type AdListQuery = z.infer<typeof AdListQuerySchema>

const IsoDate = z.string()

const TourDateSchema = z
  .string()
  .regex(TOUR_DATE, says('request.invalid_value', { reason: 'dates are YYYY-MM-DD' }))

/** One visit as the owner writes it: the city must be a known place of that province. */
export const TourWriteSchema = z.object({
  province: z.enum(PROVINCE_CODES),
  city: freeText(MAX_CITY_LENGTH, 'city'),
  from: TourDateSchema,
  to: TourDateSchema,
})
export type TourWrite = z.infer<typeof TourWriteSchema>

/** PUT /api/ads/{id}/tours: the whole list, replacing the one before ([] removes every visit). */
export const ToursRequestSchema = z
  .array(TourWriteSchema)
  .max(TOUR_MAX_VISITS, says('ad.tour_too_many', { max: TOUR_MAX_VISITS }))
export type ToursRequest = z.infer<typeof ToursRequestSchema>

export const TourViewSchema = TourWriteSchema.extend({
  city: z.string(),
  /** ISO 8601: 00:00 on `from` in the province's zone */
  startsAt: z.string(),
  /** ISO 8601: 00:00 the day after `to` in the province's zone */
  endsAt: z.string(),
})
export type TourView = z.infer<typeof TourViewSchema>

/** What anyone may read about a live ad. */
export const PublicAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(CATEGORY_KEYS),
  escortType: z.enum(COMPANION_TYPES).nullable(),
  province: z.enum(PROVINCE_CODES),
  city: z.string(),
  /** CAD dollars (0 = contact for price) */
  price: z.number(),
  priceUnit: z.enum(PRICE_UNITS),
  description: z.string(),
  /** URLs: an uploaded photo's 640-wide WebP, or a demo ad's stock path */
  images: z.array(z.string()),
  /** the same photos, in the same order, with srcset, size and placeholder */
  photos: z.array(PhotoViewSchema),
  videos: z.array(z.string()),
  /**
   * photos on the ad that are waiting for an admin's review and so are not in images or photos
   * (their URLs are never in a public answer): the app shows "Photo under review" in their place
   */
  photosUnderReview: z.number().int().default(0),
  /** the advertiser's account is verified by an admin (docs/decisions/031-verified-advertisers.md) */
  verified: z.boolean(),
  /** a seeded demonstration ad, not a real seller */
  demo: z.boolean(),
  /** whether reveal has anything to show */
  hasContact: z.boolean(),
  /** ISO 8601; null until the posting fee is paid */
  postedAt: IsoDate.nullable(),
  bumpedAt: IsoDate.nullable(),
  updatedAt: IsoDate,
  expiresAt: IsoDate.nullable(),
  /** "Available now" until this moment; null when not available, and once that moment has passed */
  availableUntil: IsoDate.nullable(),
  /**
   * the current and upcoming visits, soonest first (docs/decisions/060-touring.md): dates are days on
   * the visited province's clock, startsAt and endsAt the instants they begin and end
   */
  tours: z.array(TourViewSchema).default([]),
})
export type PublicAd = z.infer<typeof PublicAdSchema>

/** POST /api/ads/{id}/available: "Available now" for this many hours from now. */
const hoursRange = says('request.one_of', {
  name: 'hours',
  values: `${AVAILABLE_HOURS_MIN}–${AVAILABLE_HOURS_MAX}`,
})
export const AvailableRequestSchema = z.object({
  hours: z
    .number(hoursRange)
    .int(hoursRange)
    .min(AVAILABLE_HOURS_MIN, hoursRange)
    .max(AVAILABLE_HOURS_MAX, hoursRange)
    .default(AVAILABLE_HOURS_DEFAULT),
})
export type AvailableRequest = z.input<typeof AvailableRequestSchema>

/** The owner's view of an ad, for /manage and /edit: its status and its contact details too. */
export const OwnAdSchema = PublicAdSchema.extend({
  status: z.enum(AD_STATUSES),
  contact: AdContactSchema,
  contactPlatform: z.enum(CONTACT_PLATFORMS).nullable(),
  createdAt: IsoDate,
  /** why an admin removed the ad; null otherwise */
  removalReason: z.string().nullable(),
  /** while held: the reason category and whether the owner asked for a review (reports.ts) */
  hold: HoldSchema.nullable().default(null),
  /** the review of each uploaded photo on the ad, so /manage says which wait and why one was refused */
  photoReviews: z.array(PhotoReviewStateSchema).default([]),
  /** the media ids behind images and videos, to send back (reordered or trimmed) in an edit */
  mediaIds: z.object({ images: z.array(z.string()), videos: z.array(z.string()) }),
  /** how many people keep the ad in their favourites (GET /ads/mine only; never who) */
  keptBy: z.number().int().optional(),
})
export type OwnAd = z.infer<typeof OwnAdSchema>

/** GET /ads/:id: the public view, plus the status when the owner asks. */
export const AdDetailSchema = PublicAdSchema.extend({ status: z.enum(AD_STATUSES).optional() })
export type AdDetail = z.infer<typeof AdDetailSchema>

export const AdListSchema = z.object({
  items: z.array(PublicAdSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
  /**
   * ISO 8601: the next moment this answer changes with no write to say so (an ad's expiry, an
   * "Available now" or a visit starting or ending); null when nothing is due
   */
  nextChangeAt: z.string().nullable().optional(),
})
export type AdList = z.infer<typeof AdListSchema>

export const OwnAdListSchema = z.object({ items: z.array(OwnAdSchema) })
export type OwnAdList = z.infer<typeof OwnAdListSchema>

export const AdRevealSchema = z.object({
  contact: AdContactSchema,
  contactPlatform: z.enum(CONTACT_PLATFORMS).nullable(),
})
export type AdReveal = z.infer<typeof AdRevealSchema>
