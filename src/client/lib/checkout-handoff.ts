// The ad /post hands to checkout lives in sessionStorage: it belongs to this tab's checkout and is gone
// when the tab closes, while the form's own draft (IndexedDB) stays. /post writes it, checkout and
// the pay page read it, and a paid order clears it.
import { STORAGE_KEYS } from '#domain/constants.ts'
import { type PostDraft, parseCheckoutDraft } from '#domain/post-draft.ts'

export function writeCheckoutDraft(draft: PostDraft): void {
  sessionStorage.setItem(STORAGE_KEYS.checkoutDraft, JSON.stringify(draft))
}

/** The ad /post handed to checkout, or null when absent or corrupt. */
export function readCheckoutDraft(): PostDraft | null {
  try {
    return parseCheckoutDraft(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft))
  } catch {
    // storage disabled
    return null
  }
}

export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.checkoutDraft)
  } catch {
    // storage disabled: nothing was kept there either
  }
}

// Which server ad each draft became (POST /ads), so paying again, resuming an offline order or
// returning from the crypto page pays for the same ad instead of creating another one. localStorage:
// it must outlive the tab, like the offline order it serves.
const SERVER_ADS_KEY = 'server_ads'

function readServerAds(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(SERVER_ADS_KEY) ?? '{}') as unknown
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (Object.fromEntries(
          Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ) as Record<string, string>)
      : {}
  } catch {
    return {}
  }
}

/** The server ad a draft already became, if any. */
export function serverAdFor(draftId: string): string | undefined {
  return readServerAds()[draftId]
}

export function rememberServerAd(draftId: string, adId: string): void {
  try {
    localStorage.setItem(SERVER_ADS_KEY, JSON.stringify({ ...readServerAds(), [draftId]: adId }))
  } catch {
    // storage full or disabled: a retry would create a second unpaid ad, which its owner can delete
  }
}
