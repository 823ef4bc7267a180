import type { PublicAd } from '#domain/api/ads.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { readJson, writeJson } from './local-storage.ts'

// The last ads opened on this device (issue 41 item 4, docs/decisions/046-favourites.md), in
// localStorage: noted on every ad opened, on the ad page right after it is drawn, where loading
// IndexedDB's code would weigh on the app's start (decision 040). A slim copy of each ad (no
// description, one photo) keeps 30 of them to a few kilobytes; the photo itself is in the service
// worker's image cache once shown (src/client/pwa/pwa-config.ts), so the list reads offline.

/** How many recently opened ads the device keeps. */
export const RECENT_LIMIT = 30

export interface RecentAd {
  viewedAt: string
  ad: PublicAd
}

function isRecentAd(value: unknown): value is RecentAd {
  if (typeof value !== 'object' || value === null) return false
  const { viewedAt, ad } = value as { viewedAt?: unknown; ad?: unknown }
  return (
    typeof viewedAt === 'string' &&
    typeof ad === 'object' &&
    ad !== null &&
    typeof (ad as { id?: unknown }).id === 'string' &&
    typeof (ad as { title?: unknown }).title === 'string'
  )
}

/** Newest first; corrupt entries are skipped. */
export function readRecentAds(): RecentAd[] {
  const stored = readJson(STORAGE_KEYS.recentAds)
  return Array.isArray(stored) ? stored.filter(isRecentAd) : []
}

/** Puts an opened ad first, once, and keeps only the last RECENT_LIMIT. */
export function noteRecentAd(ad: PublicAd, viewedAt: string): void {
  const slim: PublicAd = {
    ...ad,
    description: '',
    photos: ad.photos.slice(0, 1),
    images: ad.images.slice(0, 1),
    videos: [],
  }
  const rest = readRecentAds().filter((r) => r.ad.id !== ad.id)
  writeJson(STORAGE_KEYS.recentAds, [{ viewedAt, ad: slim }, ...rest].slice(0, RECENT_LIMIT))
}
