// After a posting fee is paid (wallet or crypto, online or resumed from the offline queue): the server
// has published the ad in the payment's own transaction; here the device forgets what it kept for it.
import { clearDraft } from '#client/db/drafts-repository.ts'
import { clearCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import type { PostDraft } from '#domain/post-draft.ts'
import type { PaidAd } from './checkout-rules.ts'

/**
 * Forgets what the device kept for the paid draft: the form's draft (IndexedDB and its localStorage
 * mirror), the checkout draft, the photo blobs the upload already sent. Says where the ad is listed.
 */
export async function afterPostPaid(draft: PostDraft, adId: string): Promise<PaidAd> {
  await clearDraft()
  clearCheckoutDraft()
  await deleteMedia([...draft.images, ...draft.videos])
  return { id: adId, province: draft.province, category: draft.category }
}
