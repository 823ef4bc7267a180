// What paying a stored wallet order means: check a draft that skipped moderation (written offline),
// create its server ad (once), charge the wallet with the order's own idempotency key (the server
// publishes, renews or bumps the ad in the same transaction), then forget the local draft.
import type { PendingPayment } from '#client/db/pending-payments-repository.ts'
import { checkModeration } from '#client/features/post/api/check-moderation.ts'
import { ensureServerAd } from '#client/features/post/api/create-ad.ts'
import { payFromWallet } from '#client/features/wallet/api/pay-from-wallet.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { isApiError } from '#client/lib/http.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import {
  moderationPayload,
  needsModerationCheck,
  type PostDraft,
  parseCheckoutDraft,
} from '#domain/post-draft.ts'
import { afterPostPaid } from './apply-paid-order.ts'
import {
  isInsufficientBalance,
  isTransientFailure,
  needsVerification,
  type PaidAd,
} from './checkout-rules.ts'
import { OrderRefused } from './order-refused.ts'

const t = msgPayments.checkout

async function chargeWallet(order: PendingPayment, listingId: string): Promise<void> {
  try {
    await payFromWallet({ type: order.type, listingId }, order.idempotencyKey)
  } catch (error) {
    if (isApiError(error) && !isTransientFailure(error)) {
      throw new OrderRefused(
        t.walletFailedTitle,
        error.detail,
        isInsufficientBalance(error) ? 'topUp' : needsVerification(error) ? 'verify' : 'retry',
      )
    }
    throw error
  }
}

/** The draft's server ad; a refusal (banned words, a field the server will not take) is final. */
export async function serverAdOf(draft: PostDraft): Promise<string> {
  try {
    return await ensureServerAd(draft)
  } catch (error) {
    if (isApiError(error) && !isTransientFailure(error)) {
      throw new OrderRefused(t.createFailedTitle, error.detail, needsVerification(error) ? 'verify' : 'form')
    }
    throw error
  }
}

/** Refuses, before any money moves, a draft written offline that the banned-phrase check now refuses. */
export async function checkOfflineDraft(draft: PostDraft): Promise<void> {
  if (!needsModerationCheck(draft)) return
  const verdict = await checkModeration(moderationPayload(draft)).catch((error: unknown) => {
    if (isTransientFailure(error)) throw error
    throw new OrderRefused(t.checkFailedTitle, t.checkFailedDescription)
  })
  if (!verdict.ok) throw new OrderRefused(t.bannedTitle, t.bannedDescription, 'form')
}

export async function chargeOrder(order: PendingPayment): Promise<PaidAd | undefined> {
  // a bump, or a posting fee for an ad already on the server (pay for an unpaid ad, renew an expired one)
  if (order.adId) {
    // an order saved before ads lived on the server names an ad only this device had: the server
    // would take the fee and publish nothing, so it is refused here (the ad is a draft in /manage)
    if (!isAdId(order.adId)) throw new OrderRefused(t.noAdTitle, t.noAdBody, 'manage')
    await chargeWallet(order, order.adId)
    return undefined
  }
  if (order.type === 'bump') throw new OrderRefused(t.noAdTitle, t.noAdBody, 'manage')
  const draft = parseCheckoutDraft(order.draft)
  if (!draft) throw new OrderRefused(t.noDraftTitle, t.noOrderBody, 'form')
  await checkOfflineDraft(draft)
  const adId = await serverAdOf(draft)
  await chargeWallet(order, adId)
  return afterPostPaid(draft, adId)
}
