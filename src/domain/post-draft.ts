// The post flow's hand-off: when /post's Continue passes the title and
// moderation checks, the ad-to-be is written as a PostDraft to sessionStorage under
// STORAGE_KEYS.checkoutDraft, and /checkout?type=post reads it back with parseCheckoutDraft. The same
// value rides in a crypto charge's metadata and in an offline pending payment, and publishDraft
// (client/features/payments/apply-paid-order.ts) turns it into the user's ad once paid.
//
// For the checkout helper: a draft stored while OFFLINE carries `moderation: 'pending'` — the
// banned-phrase check could not run. Before charging such a draft (the pending-payment resume when
// the connection returns, or the checkout page when online) call POST /moderation/check with its
// title and description (see needsModerationCheck) and refuse to charge when it is not ok
// ('Banned words detected' / 'Please remove banned phrases before continuing.'). An 'ok' draft was
// checked by /post just before it was stored.
import { z } from 'zod'
import type { AdWriteInput } from './api/ads.ts'
import { CATEGORY_KEYS, COMPANION_TYPES, SERVICES_CATEGORY } from './categories.ts'
import { CONTACT_PLATFORMS, MAX_PHOTOS, MAX_VIDEOS_POST, PRICE_UNITS } from './constants.ts'
import { PROVINCE_CODES } from './provinces.ts'

export { blobIdOf, blobRef } from './blob-ref.ts'

export const MODERATION_STATES = ['ok', 'pending'] as const
export type ModerationState = (typeof MODERATION_STATES)[number]

export const PostDraftSchema = z.object({
  /** Chosen when Continue stores the draft; the published ad keeps it, so publishing twice is one ad. */
  id: z.string().min(1),
  title: z.string().trim().min(1),
  category: z.enum(CATEGORY_KEYS),
  escortType: z.enum(COMPANION_TYPES).nullish(),
  province: z.enum(PROVINCE_CODES),
  city: z.string(),
  /** CAD dollars as the seller typed them (0 = contact for price); a label, never money moved. */
  price: z.number().nonnegative(),
  priceUnit: z.enum(PRICE_UNITS),
  description: z.string().default(''),
  images: z.array(z.string()).max(MAX_PHOTOS).default([]),
  videos: z.array(z.string()).max(MAX_VIDEOS_POST).default([]),
  contact: z.object({
    phone: z.string().default(''),
    email: z.string().default(''),
    website: z.string().default(''),
    handle: z.string().default(''),
  }),
  contactPlatform: z.enum(CONTACT_PLATFORMS).optional(),
  /** Adult Companions only: the confirmation given on the form (docs/decisions/049-open-in-canada.md) */
  ownServicesConfirmed: z.boolean().optional(),
  /** 'pending' when the banned-phrase check could not run (offline); see the note at the top. */
  moderation: z.enum(MODERATION_STATES).default('ok'),
})
export type PostDraft = z.infer<typeof PostDraftSchema>

export function needsModerationCheck(draft: Pick<PostDraft, 'moderation'>): boolean {
  return draft.moderation !== 'ok'
}

/** What the moderation check is asked about (POST /moderation/check). */
export function moderationPayload(draft: Pick<PostDraft, 'title' | 'description'>): {
  title: string
  description: string
} {
  return { title: draft.title, description: draft.description }
}

/** The stored checkout draft (a JSON string or a parsed value), or null when absent or invalid. */
export function parseCheckoutDraft(value: unknown): PostDraft | null {
  let data = value
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value) as unknown
    } catch {
      return null
    }
  }
  if (data === null || data === undefined) return null
  const parsed = PostDraftSchema.safeParse(data)
  return parsed.success ? parsed.data : null
}

/**
 * What POST /ads is sent for a draft. Its photos and videos are media ids the upload returned
 * (the draft itself refers to blobs on the device); the server checks every field again.
 */
export function draftToAdWrite(
  draft: PostDraft,
  media: { images: string[]; videos: string[] },
): AdWriteInput {
  return {
    title: draft.title.trim(),
    category: draft.category,
    escortType: draft.category === SERVICES_CATEGORY ? (draft.escortType ?? null) : null,
    province: draft.province,
    city: draft.city.trim(),
    price: draft.price,
    priceUnit: draft.priceUnit,
    description: draft.description,
    images: media.images,
    videos: media.videos,
    contact: draft.contact,
    contactPlatform: draft.contactPlatform ?? null,
    ...(draft.category === SERVICES_CATEGORY ? { ownServicesConfirmed: draft.ownServicesConfirmed } : {}),
  }
}
