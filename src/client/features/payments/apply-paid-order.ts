// After payment (wallet or crypto, online or resumed from the offline queue) the checkout flow calls
// these: a paid post becomes the user's ad, a paid bump moves the ad to the top of its listing.
import { addUserAd, bumpUserAd } from '#client/db/ads-repository.ts'
import { clearDraft } from '#client/db/drafts-repository.ts'
import { clearCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import type { Ad } from '#domain/ad.ts'
import { draftToAd, type PostDraft } from '#domain/post-draft.ts'

/**
 * Appends the paid draft to the user's ads and clears both drafts (the form's, in IndexedDB and its
 * localStorage mirror, and the checkout one). The ad keeps the draft's id, so a repeated call (a
 * payment confirmed twice, a resumed order) replaces the same ad instead of adding a second one.
 * The photos' blobs stay: the ad refers to them.
 */
export async function publishDraft(draft: PostDraft, now = new Date()): Promise<Ad> {
  const ad = await addUserAd(draftToAd(draft, now))
  await clearDraft()
  clearCheckoutDraft()
  return ad
}

/** Applies a paid bump: postedAt becomes now (the edit date is kept apart). Undefined if not the user's. */
export async function applyBump(adId: string, now = new Date()): Promise<Ad | undefined> {
  return bumpUserAd(adId, now)
}
