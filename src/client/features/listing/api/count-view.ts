import { useEffect } from 'react'
import { apiUrl } from '#client/lib/http.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

/** This device's random id for the beacon, made once; none where storage is refused. */
function viewDevice(): string | undefined {
  try {
    const kept = localStorage.getItem(STORAGE_KEYS.viewDevice)
    if (kept && AdsPaths.viewDevicePattern.test(kept)) return kept
    const made = crypto.randomUUID().replaceAll('-', '')
    localStorage.setItem(STORAGE_KEYS.viewDevice, made)
    return made
  } catch {
    return undefined
  }
}

/**
 * Tells the server an ad was shown, for its owner's stats (docs/decisions/053-ad-stats.md): a beacon
 * with no body that nothing waits for, sent once the ad is drawn in its page or its dialog. The server
 * counts one per visitor per day, so a re-render or a reopened dialog costs a request and no number.
 */
function sendViewBeacon(adId: string): void {
  const url = apiUrl(AdsPaths.view(adId), { d: viewDevice() })
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return
    // no beacon (or its queue is full): a request that outlives the page
    fetch(url, { method: 'POST', keepalive: true }).catch(() => {})
  } catch {
    // a view not counted is not the visitor's problem
  }
}

export function useCountView(adId: string): void {
  useEffect(() => sendViewBeacon(adId), [adId])
}
