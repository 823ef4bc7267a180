// The Ad entity of. Ads are kept in the browser (the mock-ads key and IndexedDB), so
// every stored ad is parsed with AdSchema on the way in: a corrupt or outdated record is dropped
// instead of breaking a page.
import { z } from 'zod'
import { CATEGORY_KEYS, COMPANION_TYPES } from './categories.ts'
import { CONTACT_PLATFORMS, PRICE_UNITS } from './constants.ts'
import { PROVINCE_CODES } from './provinces.ts'

export const ContactSchema = z.object({
  phone: z.string().default(''),
  email: z.string().default(''),
  website: z.string().default(''),
  handle: z.string().default(''),
})
export type Contact = z.infer<typeof ContactSchema>

const IsoDateSchema = z.iso.datetime({ offset: true })

export const AdSchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  category: z.enum(CATEGORY_KEYS),
  // only adult-services ads have one; the spec's stored shape may carry null or omit it
  escortType: z.enum(COMPANION_TYPES).nullish(),
  province: z.enum(PROVINCE_CODES),
  city: z.string(),
  // The asking price in CAD dollars as the spec stores it (0 means 'Contact for price'). It is a
  // label the seller types, never money the app moves, so it stays in the spec's unit.
  price: z.number().nonnegative().catch(0),
  priceUnit: z.enum(PRICE_UNITS).catch('per_unit'),
  description: z.string().default(''),
  images: z.array(z.string()).default([]),
  videos: z.array(z.string()).default([]),
  verified: z.boolean().default(false),
  postedAt: IsoDateSchema,
  contact: ContactSchema.nullable().default(null),
  contactPlatform: z.enum(CONTACT_PLATFORMS).optional(),
  updatedAt: IsoDateSchema.optional(),
  bumpedAt: IsoDateSchema.optional(),
})
export type Ad = z.infer<typeof AdSchema>
/** The shape accepted before defaults are filled in (what older stored records may look like). */
export type AdInput = z.input<typeof AdSchema>

/**
 * Parses a stored list of ads, keeping the valid ones: one broken record must not hide the rest,
 * and anything that is not a list reads as empty (a corrupt store is an empty list).
 */
export function parseStoredAds(value: unknown): Ad[] {
  if (!Array.isArray(value)) return []
  const ads: Ad[] = []
  for (const item of value) {
    const parsed = AdSchema.safeParse(item)
    if (parsed.success) ads.push(parsed.data)
  }
  return ads
}

export { hasContactDetails, isGeneratedAd } from './ad-facts.ts'
