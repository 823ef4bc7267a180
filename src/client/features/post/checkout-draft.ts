// The checkout draft lives in sessionStorage (spec section 4): it belongs to this tab's checkout and
// is gone when the tab closes, while the form's own draft (IndexedDB) stays.
import { STORAGE_KEYS } from '#domain/constants.ts'
import type { PostDraft } from '#domain/post-draft.ts'

export function writeCheckoutDraft(draft: PostDraft): void {
  sessionStorage.setItem(STORAGE_KEYS.checkoutDraft, JSON.stringify(draft))
}

export function newAdId(): string {
  return `own-${crypto.randomUUID()}`
}
