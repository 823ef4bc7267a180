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
