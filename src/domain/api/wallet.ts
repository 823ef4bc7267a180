import { z } from 'zod'
import { isWholeCents } from '../money.ts'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'

// Request and response shapes of /api/wallet, shared by the server routes and the client.
// Money crosses the wire as CAD dollars (numbers); inside both sides it is integer cents.

export const WalletPaths = {
  wallet: '/wallet/',
  pay: '/wallet/pay',
  topupInitiate: '/wallet/topup/initiate',
  topupConfirm: '/wallet/topup/confirm',
} as const

export const WalletTransactionTypeSchema = z.enum(['topup', 'post', 'bump', 'credit'])
export type WalletTransactionType = z.infer<typeof WalletTransactionTypeSchema>

export const WalletTransactionSchema = z.object({
  id: z.string(),
  type: WalletTransactionTypeSchema,
  // always positive: a topup adds it to the balance; a post or bump paid from the wallet takes it off;
  // one paid by crypto (method 'crypto') is listed for the record and leaves the balance alone
  amount_cad: z.number(),
  method: z.enum(['wallet', 'crypto']),
  status: z.string(),
  listing_id: z.string().nullable(),
  created_at: z.string(),
  // why a credit was made (e.g. the ad a late payment was for is gone); absent on other rows
  note: z.string().optional(),
  // a bump a schedule charged: the moment it was scheduled for (ISO); absent on a bump paid by hand
  // (docs/decisions/050-scheduled-bumps.md)
  scheduled_for: z.string().optional(),
})
export type WalletTransaction = z.infer<typeof WalletTransactionSchema>

export const WalletSchema = z.object({
  balance_cad: z.number(),
  transactions: z.array(WalletTransactionSchema),
})
export type Wallet = z.infer<typeof WalletSchema>

/** The app queues payments while offline and retries them: the header makes a retry charge once. */
export const IDEMPOTENCY_HEADER = 'idempotency-key'
export const IdempotencyKeySchema = z
  .string()
  .trim()
  .min(1, says('wallet.idempotency_empty'))
  .max(255, says('wallet.idempotency_too_long', { max: 255 }))
  .regex(/^[\x21-\x7e]+$/, says('wallet.idempotency_ascii'))

// The price is not part of the request: the server charges the fee of the type.
export const WalletPayRequestSchema = z.object({
  type: z.enum(['post', 'bump']),
  listingId: z.string().trim().min(1).max(200).refine(hasNoNul, says('text.nul')).optional(),
})
export type WalletPayRequest = z.infer<typeof WalletPayRequestSchema>

export const WalletPayResponseSchema = z.object({
  ok: z.literal(true),
  transaction: WalletTransactionSchema,
  balance_cad: z.number(),
})
export type WalletPayResponse = z.infer<typeof WalletPayResponseSchema>

/** Upper bound of one top-up, so a typo cannot create an absurd invoice. */
export const MAX_TOPUP_CAD = 10_000

// amount is a JSON number of dollars in whole cents ("10" as a string, or 5.999, is refused rather than
// read or rounded: money is never guessed, docs/decisions/042-holds-that-hold.md); the minimum load
// (MIN_TOPUP_CENTS) is checked by the route, which words its detail
export const TopupInitiateRequestSchema = z.object({
  amount: z
    .number({ error: says('wallet.amount_cents') })
    .max(MAX_TOPUP_CAD, says('wallet.max_topup'))
    .refine(isWholeCents, says('wallet.amount_cents')),
})
export type TopupInitiateRequest = z.infer<typeof TopupInitiateRequestSchema>

export const TopupInitiateResponseSchema = z.object({
  charge_id: z.string(),
  hosted_url: z.string(),
  amount_cad: z.number(),
  status: z.string(),
})
export type TopupInitiateResponse = z.infer<typeof TopupInitiateResponseSchema>

export const TopupConfirmRequestSchema = z.object({
  charge_id: z.string().trim().min(1).max(200),
})
export type TopupConfirmRequest = z.infer<typeof TopupConfirmRequestSchema>

export const TopupConfirmResponseSchema = z.object({
  credited: z.literal(true),
  balance_cad: z.number(),
})
export type TopupConfirmResponse = z.infer<typeof TopupConfirmResponseSchema>
