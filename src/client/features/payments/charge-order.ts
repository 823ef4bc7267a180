// What paying a stored wallet order means: check a draft that skipped moderation (written offline),
// charge the wallet with the order's own idempotency key, then apply what was bought.
import type { PendingPayment } from '#client/db/pending-payments-repository.ts'
import { checkModeration } from '#client/features/post/api/check-moderation.ts'
import { payFromWallet } from '#client/features/wallet/api/pay-from-wallet.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { isApiError } from '#client/lib/http.ts'
import type { Ad } from '#domain/ad.ts'
import { moderationPayload, needsModerationCheck, parseCheckoutDraft } from '#domain/post-draft.ts'
import { applyBump, publishDraft } from './apply-paid-order.ts'
import { isInsufficientBalance, isTransientFailure } from './checkout-rules.ts'
import { OrderRefused } from './order-refused.ts'

const t = msgPayments.checkout

async function chargeWallet(order: PendingPayment, listingId: string): Promise<void> {
  try {
    await payFromWallet({ type: order.type, listingId }, order.idempotencyKey)
  } catch (error) {
    if (isApiError(error) && !isTransientFailure(error)) {
      throw new OrderRefused(t.walletFailedTitle, error.detail, isInsufficientBalance(error))
    }
    throw error
  }
}

export async function chargeOrder(order: PendingPayment): Promise<Ad | undefined> {
  if (order.type === 'bump') {
    if (!order.adId) throw new OrderRefused(t.noAdTitle, t.noAdBody)
    await chargeWallet(order, order.adId)
    return applyBump(order.adId)
  }
  const draft = parseCheckoutDraft(order.draft)
  if (!draft) throw new OrderRefused(t.noDraftTitle, t.noOrderBody)
  if (needsModerationCheck(draft)) {
    // the post form let this draft through offline, unchecked: never charge for a refused ad
    const verdict = await checkModeration(moderationPayload(draft)).catch((error: unknown) => {
      if (isTransientFailure(error)) throw error
      throw new OrderRefused(t.checkFailedTitle, t.checkFailedDescription)
    })
    if (!verdict.ok) throw new OrderRefused(t.bannedTitle, t.bannedDescription)
  }
  await chargeWallet(order, draft.id)
  return publishDraft({ ...draft, moderation: 'ok' })
}
