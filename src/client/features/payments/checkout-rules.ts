// The rules of checkout and the pay pages as pure functions, so tests can pin them: the fee of each
// order type, the search params of /checkout, /pay/{id} and /pay-guide, which failures are worth
// retrying, and where the user lands once paid.
import { isApiError } from '#client/lib/http.ts'
import { searchOneOf, searchSchema } from '#client/lib/search-schema.ts'
import type { ChargeType } from '#domain/api/payments.ts'
import type { CategoryKey } from '#domain/categories.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import type { ProvinceCode } from '#domain/provinces.ts'

const DEFAULT_PAY_GUIDE_AMOUNT = 5

// The search params below are read by hand, not with zod: route options are on every page's first
// load (see lib/search-schema.ts).

export const CHECKOUT_TYPES = ['post', 'bump'] as const
export type CheckoutType = (typeof CHECKOUT_TYPES)[number]
const CHARGE_TYPES = ['post', 'bump', 'topup'] as const satisfies readonly ChargeType[]

function optionalId(value: unknown): string | undefined {
  const id = typeof value === 'string' ? value.trim() : ''
  return id.length >= 1 && id.length <= 200 ? id : undefined
}

export interface CheckoutSearch {
  type: CheckoutType
  adId?: string | undefined
}

/** /checkout?type=post|bump&adId: an unknown type reads as post (the common case). */
export const CheckoutSearchSchema = searchSchema<Partial<CheckoutSearch>, CheckoutSearch>((search) => ({
  type: searchOneOf(CHECKOUT_TYPES, search.type) ?? 'post',
  adId: optionalId(search.adId),
}))

export interface PaySearch {
  type: ChargeType
  adId?: string | undefined
}

/** /pay/{chargeId}?type=post|bump|topup&adId */
export const PaySearchSchema = searchSchema<Partial<PaySearch>, PaySearch>((search) => ({
  type: searchOneOf(CHARGE_TYPES, search.type) ?? 'post',
  adId: optionalId(search.adId),
}))

export interface PayGuideSearch {
  type?: ChargeType | undefined
  adId?: string | undefined
  amount: number
}

/** /pay-guide?type&adId&amount: amount in dollars, 5 when absent or not a positive number. */
export const PayGuideSearchSchema = searchSchema<Partial<PayGuideSearch>, PayGuideSearch>((search) => {
  const amount = search.amount === undefined ? DEFAULT_PAY_GUIDE_AMOUNT : Number(search.amount)
  return {
    type: searchOneOf(CHARGE_TYPES, search.type),
    adId: optionalId(search.adId),
    amount: Number.isFinite(amount) && amount > 0 && amount <= 10_000 ? amount : DEFAULT_PAY_GUIDE_AMOUNT,
  }
})

/** The server charges the same fee; it never trusts our amount. */
export function checkoutFeeCents(type: CheckoutType): number {
  return FEES_CENTS[type]
}

/** 402 from /wallet/pay: the balance is short, so the page offers a top-up. */
export function isInsufficientBalance(error: unknown): boolean {
  return isApiError(error) && error.status === 402
}

/**
 * 403 ad.companion_needs_verification: an Adult Companions ad from an account not verified, refused
 * before any money moved; the page links to Get verified (docs/decisions/049-open-in-canada.md).
 */
export function needsVerification(error: unknown): boolean {
  return isApiError(error) && error.code === 'ad.companion_needs_verification'
}

/**
 * Failures that say nothing about the order itself (no network, server down, rate limited): the
 * order stays queued and is tried again with the same idempotency key. Any other answer is final.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isApiError(error)) return false
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500
}

/** The server ad a paid order was for, as far as landing after payment needs it. */
export interface PaidAd {
  id: string
  province: ProvinceCode
  category: CategoryKey
}

export type Landing = { to: 'listing'; province: ProvinceCode; category: CategoryKey } | { to: 'manage' }

/** Spec section 4: a paid post goes to the ad's listing (where it leads), a paid bump to /manage. */
export function landingAfterPayment(
  type: CheckoutType,
  ad: Pick<PaidAd, 'province' | 'category'> | undefined,
): Landing {
  if (type === 'post' && ad) return { to: 'listing', province: ad.province, category: ad.category }
  return { to: 'manage' }
}
