// Every business constant, in one place. Money is integer cents.

import { ADULT_COOKIE } from './adult-gate.ts'

export const MIN_TOPUP_CENTS = 500

export const MIN_PASSWORD_LENGTH = 6
// argon2 cost grows with input; a bound keeps a login request from becoming a denial of service
export const MAX_PASSWORD_LENGTH = 128

export const MAX_PHOTOS = 8
export const MAX_VIDEOS_POST = 4
// an edit may keep at most this many videos (the spec's limit for /edit)
export const MAX_VIDEOS_EDIT = 2

// upload limits (docs/decisions/011-media-storage.md): a phone photo is 2–8 MB and 12–48 MP, a
// short clip well under 50 MB; above 40 MP the decoded pixels alone pass 160 MB of memory
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024
export const MAX_PHOTO_PIXELS = 40_000_000
export const MAX_VIDEO_BYTES = 50 * 1024 * 1024
// libvips' own limit for a WebP side; and a strip 20 times longer than wide is no ad photo. Both are
// read from the header: a 2 × 19,000,000 PNG is 80 KB, under 40 MP, and takes libvips 30 s+ to decode
export const MAX_PHOTO_SIDE = 16_383
export const MAX_PHOTO_ASPECT = 20
// an upload no ad claims within this time is deleted by the server's hourly clean-up
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000
/** An ad posted and never paid is deleted, its media with it, after this long untouched. */
export const UNPAID_DRAFT_TTL_MS = 30 * 24 * 60 * 60 * 1000

export const COINS = ['bitcoin', 'litecoin'] as const
export type Coin = (typeof COINS)[number]

export const CITY_FETCH_LIMIT = 1000

export const SORT_OPTIONS = ['new', 'price-asc', 'price-desc'] as const
export type SortOption = (typeof SORT_OPTIONS)[number]

export const PRICE_UNITS = ['per_hour', 'per_set', 'per_unit'] as const
export type PriceUnit = (typeof PRICE_UNITS)[number]

export const CONTACT_PLATFORMS = ['twitter-x', 'facebook', 'instagram', 'onlyfans'] as const
export type ContactPlatform = (typeof CONTACT_PLATFORMS)[number]

/** Provider statuses the app treats as paid. */
export const PAID_STATUSES = ['COMPLETED', 'RESOLVED', 'CONFIRMED', 'PAID'] as const

export function isPaidStatus(status: string | null | undefined): boolean {
  return (PAID_STATUSES as readonly string[]).includes((status ?? '').toUpperCase())
}

/**
 * Browser storage keys. The spec names the first two and asks for a draft key and a checkout draft; its
 * mock-ads key left with the ads kept in the browser (docs/decisions/010-ads-on-the-server.md). We chose
 * the rest.
 */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  draft: 'post_draft',
  // when the draft key was last written (ISO), so a start can tell which copy is newer (client/db)
  draftSavedAt: 'post_draft_saved_at',
  checkoutDraft: 'checkout_draft',
  adminToken: 'admin_token',
  adultConfirmed: ADULT_COOKIE.name,
  // '1' when this device may hold saved orders (db/pending-payments-flag.ts); not 'pending_payments':
  // that key holds the orders themselves where IndexedDB is missing (client/db/local-storage.ts)
  hasPendingPayments: 'has_pending_payments',
  // the province the home page leads with, the last one the visitor chose there
  homeProvince: 'home_province',
  // the ids of the device's favourites with whose they are, read by the hearts without IndexedDB, and
  // the last ads opened (docs/decisions/046-favourites.md)
  favouriteIds: 'favourite_ids',
  recentAds: 'recent_ads',
  // the marks earlier sign-ins gave this device, by account: its sign-ins pass while strangers are
  // slowed (docs/decisions/044-edges.md)
  signInDevices: 'sign_in_devices',
  // a random id the view beacon sends, so an ad's stats count this device once a day; tied to no
  // account, and hashed with a daily salt on the server (docs/decisions/053-ad-stats.md)
  viewDevice: 'view_device',
} as const
