// Every business constant, in one place. Money is integer cents.

export const POSTING_FEE_CENTS = 200
export const BUMP_FEE_CENTS = 100
export const MIN_TOPUP_CENTS = 500
export const DEFAULT_PAY_GUIDE_AMOUNT = 5

export const PAGE_SIZE = 12

export const STATUS_POLL_MS = 5_000
export const PAID_CHECK_MS = 1_500

export const MIN_PASSWORD_LENGTH = 6
// argon2 cost grows with input; a bound keeps a login request from becoming a denial of service
export const MAX_PASSWORD_LENGTH = 128

export const MAX_PHOTOS = 8
export const MAX_VIDEOS_POST = 4
export const MAX_VIDEOS_EDIT = 2

export const COINS = ['bitcoin', 'litecoin'] as const
export type Coin = (typeof COINS)[number]

export const CITY_FETCH_LIMIT = 1000
export const CITY_FILTER_DEBOUNCE_MS = 250

export const TOAST_LIMIT = 1
export const TOAST_DURATION_MS = 1_200
export const TOAST_REMOVE_DELAY_MS = 200

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

/** Browser storage keys. The spec names the first two; we chose the rest. */
export const STORAGE_KEYS = {
  authToken: 'auth_token',
  authUser: 'auth_user',
  mockAds: 'mock_ads',
  draft: 'post_draft',
  checkoutDraft: 'checkout_draft',
  adminToken: 'admin_token',
  adultConfirmed: 'adult_confirmed',
} as const
