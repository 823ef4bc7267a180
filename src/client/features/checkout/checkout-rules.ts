// The rules of checkout and the pay pages as pure functions, so tests can pin them: the fee of each
// order type, the search params of /checkout, /pay/{id} and /pay-guide, which failures are worth
// retrying, and where the user lands once paid.
import { z } from 'zod'
import { isApiError } from '#client/lib/http.ts'
import type { Ad } from '#domain/ad.ts'
import { ChargeTypeSchema } from '#domain/api/payments.ts'
import { BUMP_FEE_CENTS, DEFAULT_PAY_GUIDE_AMOUNT, POSTING_FEE_CENTS } from '#domain/constants.ts'

export const CheckoutTypeSchema = z.enum(['post', 'bump'])
export type CheckoutType = z.infer<typeof CheckoutTypeSchema>

const OptionalId = z.string().trim().min(1).max(200).optional().catch(undefined)

/** /checkout?type=post|bump&adId: an unknown type reads as post (the common case). */
export const CheckoutSearchSchema = z.object({
  type: CheckoutTypeSchema.catch('post'),
  adId: OptionalId,
})
export type CheckoutSearch = z.infer<typeof CheckoutSearchSchema>

/** /pay/{chargeId}?type=post|bump|topup&adId */
export const PaySearchSchema = z.object({
  type: ChargeTypeSchema.catch('post'),
  adId: OptionalId,
})
export type PaySearch = z.infer<typeof PaySearchSchema>

/** /pay-guide?type&adId&amount: amount in dollars, 5 when absent or not a positive number. */
export const PayGuideSearchSchema = z.object({
  type: ChargeTypeSchema.optional().catch(undefined),
  adId: OptionalId,
  amount: z.coerce
    .number()
    .finite()
    .positive()
    .max(10_000)
    .catch(DEFAULT_PAY_GUIDE_AMOUNT)
    .default(DEFAULT_PAY_GUIDE_AMOUNT),
})
export type PayGuideSearch = z.infer<typeof PayGuideSearchSchema>

/** Spec section 9: posting $2, bump $1 (the server charges the same; it never trusts our amount). */
export function checkoutFeeCents(type: CheckoutType): number {
  return type === 'bump' ? BUMP_FEE_CENTS : POSTING_FEE_CENTS
}

/** 402 from /wallet/pay: the balance is short, so the page offers a top-up. */
export function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && error.status === 402
}

/**
 * Failures that say nothing about the order itself (no network, server down, rate limited): the
 * order stays queued and is tried again with the same idempotency key. Any other answer is final.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

export type Landing = { to: 'listing'; province: Ad['province']; category: Ad['category'] } | { to: 'manage' }

/** Spec section 4: a paid post goes to the ad's listing (where it leads), a paid bump to /manage. */
export function landingAfterPayment(
  type: CheckoutType,
  ad: Pick<Ad, 'province' | 'category'> | undefined,
): Landing {
  if (type === 'post' && ad) return { to: 'listing', province: ad.province, category: ad.category }
  return { to: 'manage' }
}
