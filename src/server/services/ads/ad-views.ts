import { randomBytes } from 'node:crypto'
import { effectiveStatus } from '#domain/ad-status.ts'
import type { AdReveal, OwnAd, PublicAd, TourView } from '#domain/api/ads.ts'
import { AD_ID_LENGTH } from '#domain/api/ads-paths.ts'
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import type { ContactPlatform, PriceUnit } from '#domain/constants.ts'
import { centsToDollars } from '#domain/money.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { type MediaIndex, NO_MEDIA } from '#server/services/media/ad-media.ts'
import { holdView } from '#server/services/reports/hold-view.ts'
import { type AdViewer, adPhotos, adVideos } from './ad-media-views.ts'

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

/** 12 characters of [0-9a-z] (about 62 bits): unguessable enough for ids that are public anyway. */
export function newAdId(): string {
  const bytes = randomBytes(AD_ID_LENGTH)
  let id = ''
  // 256 is not a multiple of 36: the slight bias towards the first 4 characters costs < 0.1 bit
  for (const byte of bytes) id += ID_ALPHABET[byte % ID_ALPHABET.length]
  return id
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null)

function hasContact(row: AdRow): boolean {
  return [row.contactPhone, row.contactEmail, row.contactWebsite, row.contactHandle].some((v) => v !== '')
}

// The columns hold only values the zod write schemas let in, so these casts restate what was checked.
// `media` holds the rows behind the ad's media ids (mediaIndexFor); an id without a row (its
// media were deleted with a removed ad) is left out rather than shown broken.
// `row.verified` is the owner's verification, kept equal to it by every decision (verifications.ts).
// `now` is the app's clock: "Available now" reads as null once its moment has passed (048).
export function toPublicAd(
  row: AdRow,
  now: Date,
  media: MediaIndex = NO_MEDIA,
  viewer: AdViewer = 'public',
  tours: readonly TourView[] = [],
): PublicAd {
  const seenAs = viewer === 'public' && effectiveStatus(row, now) !== 'live' ? 'public-unlisted' : viewer
  const { photos, underReview } = adPhotos(row.images, media, row.verified, seenAs)
  return {
    id: row.id,
    title: row.title,
    category: row.category as CategoryKey,
    escortType: (row.escortType as CompanionType | null) ?? null,
    province: row.province as ProvinceCode,
    city: row.city,
    price: centsToDollars(row.priceCents),
    priceUnit: row.priceUnit as PriceUnit,
    description: row.description,
    images: photos.map((photo) => photo.src),
    photos,
    videos: adVideos(row.videos, media, row.verified, seenAs),
    photosUnderReview: underReview,
    verified: row.verified,
    demo: row.demo,
    hasContact: hasContact(row),
    postedAt: iso(row.publishedAt),
    bumpedAt: iso(row.bumpedAt),
    updatedAt: row.updatedAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    availableUntil: row.availableUntil && row.availableUntil > now ? row.availableUntil.toISOString() : null,
    // the visits not yet over, read by the caller with toursOf at the same `now` (060)
    tours: [...tours],
  }
}

export function toReveal(row: AdRow): AdReveal {
  return {
    contact: {
      phone: row.contactPhone,
      email: row.contactEmail,
      website: row.contactWebsite,
      handle: row.contactHandle,
    },
    contactPlatform: (row.contactPlatform as ContactPlatform | null) ?? null,
  }
}

/** `appeals`: when the owner appealed the current hold of each held ad (hold-view.ts). */
export function toOwnAd(
  row: AdRow,
  now: Date,
  media: MediaIndex = NO_MEDIA,
  appeals: ReadonlyMap<string, Date> = new Map(),
  tours: readonly TourView[] = [],
): OwnAd {
  return {
    ...toPublicAd(row, now, media, 'owner', tours),
    ...toReveal(row),
    status: effectiveStatus(row, now),
    createdAt: row.createdAt.toISOString(),
    removalReason: row.status === 'removed' ? row.removalReason : null,
    hold: holdView(row, appeals.get(row.id) ?? null),
    photoReviews: row.images.flatMap((id) => {
      const photo = media.get(id)
      return photo?.kind === 'photo'
        ? [{ mediaId: id, review: photo.review, reason: photo.reviewReason }]
        : []
    }),
    mediaIds: { images: row.images, videos: row.videos },
  }
}
