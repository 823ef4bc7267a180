import { STORAGE_KEYS } from '#domain/constants.ts'
import { type PostDraft, parseCheckoutDraft } from '#domain/post-draft.ts'

/** The ad /post handed to checkout (sessionStorage, spec section 4), or null when absent or corrupt. */
export function readCheckoutDraft(): PostDraft | null {
  try {
    return parseCheckoutDraft(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft))
  } catch {
    // storage disabled
    return null
  }
}
