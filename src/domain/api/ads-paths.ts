// The paths of /api/ads and the shape of an ad id, without zod: the pages that only link to ads or read
// them from the server render load no validation code (the schemas, ads.ts, load when a fetch needs them).

export const AdsPaths = {
  list: '/ads',
  mine: '/ads/mine',
  ad: (id: string) => `/ads/${encodeURIComponent(id)}`,
  reveal: (id: string) => `/ads/${encodeURIComponent(id)}/reveal`,
  available: (id: string) => `/ads/${encodeURIComponent(id)}/available`,
  tours: (id: string) => `/ads/${encodeURIComponent(id)}/tours`,
  /**
   * POST, no body, `?ads=` the ids of the ads a visit showed joined by `viewsSeparator`: a beacon,
   * answered 204 at once (docs/decisions/053-ad-stats.md)
   */
  views: '/ads/views',
  viewsSeparator: '.',
  /** `?d=` of the view beacon: the device's random id (8 to 64 of [A-Za-z0-9_-]) */
  viewDevicePattern: /^[A-Za-z0-9_-]{8,64}$/,
  /** GET: the last 30 days of an ad's views, reveals, favourites and alerts (owner or admin) */
  stats: (id: string) => `/ads/${encodeURIComponent(id)}/stats`,
} as const

/** At most this many ads in one view beacon: the app sends a full one at once. */
export const VIEW_BEACON_MAX_ADS = 20

/** 12 characters of [0-9a-z]: no '-', so a URL can carry `{id}-{slug}` and split it at the first '-'. */
export const AD_ID_LENGTH = 12
export const AD_ID_PATTERN = /^[0-9a-z]{12}$/
export function isAdId(value: string | null | undefined): value is string {
  return typeof value === 'string' && AD_ID_PATTERN.test(value)
}
