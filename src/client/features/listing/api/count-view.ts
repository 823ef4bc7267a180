import { useEffect } from 'react'
import { apiUrl } from '#client/lib/http.ts'
import { AdsPaths, VIEW_BEACON_MAX_ADS } from '#domain/api/ads-paths.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

// Views of a visit go in one beacon (docs/decisions/053-ad-stats.md): a request costs the server about
// the same whatever it carries, so a visitor who opens five ads in the listing's dialog costs one
// request, not five. The beacon leaves when the page is hidden or left (the moment browsers keep for
// it), when it is full, or a little while after the visit's first view, so a tab left open still counts.

/** How long a view may wait for others before its beacon leaves anyway. */
export const VIEW_BEACON_WAIT_MS = 30_000

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

function sendBeacon(adIds: string[]): void {
  const url = apiUrl(AdsPaths.views, { ads: adIds.join(AdsPaths.viewsSeparator), d: viewDevice() })
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url)) return
    // no beacon (or its queue is full): a request that outlives the page
    fetch(url, { method: 'POST', keepalive: true }).catch(() => {})
  } catch {
    // a view not counted is not the visitor's problem
  }
}

/** The views of this page's visit not sent yet, and those sent (by UTC day, as the server counts). */
export class ViewBatch {
  #pending = new Set<string>()
  #sent = new Set<string>()
  #sentDay = ''
  #timer: ReturnType<typeof setTimeout> | undefined
  #listening = false

  add(adId: string): void {
    const day = new Date().toISOString().slice(0, 10)
    if (day !== this.#sentDay) {
      this.#sentDay = day
      this.#sent.clear()
    }
    // the server counts a visitor once a day: an ad already sent today would cost a request for nothing
    if (this.#sent.has(adId) || this.#pending.has(adId)) return
    this.#pending.add(adId)
    this.#listen()
    if (this.#pending.size >= VIEW_BEACON_MAX_ADS) this.send()
    else this.#timer ??= setTimeout(() => this.send(), VIEW_BEACON_WAIT_MS)
  }

  send = (): void => {
    clearTimeout(this.#timer)
    this.#timer = undefined
    if (this.#pending.size === 0) return
    const adIds = [...this.#pending]
    this.#pending.clear()
    for (const id of adIds) this.#sent.add(id)
    sendBeacon(adIds)
  }

  #listen(): void {
    if (this.#listening) return
    this.#listening = true
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') this.send()
    })
    // some browsers leave a page without a visibilitychange (Safari on a link with target=_self)
    addEventListener('pagehide', this.send)
  }
}

const batch = new ViewBatch()

/** Counts a view of the ad once it is drawn, in its page or its dialog, for its owner's stats. */
export function useCountView(adId: string): void {
  useEffect(() => batch.add(adId), [adId])
}
