import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'

// Request and response shapes of /api/payments (crypto charges), shared by server and client.

export const PaymentsPaths = {
  charge: '/payments/crypto/charge',
  chargeStatus: (chargeId: string) => `/payments/crypto/charge/${encodeURIComponent(chargeId)}/status`,
} as const

export const ChargeTypeSchema = z.enum(['post', 'bump', 'topup'])
export type ChargeType = z.infer<typeof ChargeTypeSchema>

/** Statuses the server reports, whatever the provider calls them. */
export const CHARGE_STATUSES = ['NEW', 'PENDING', 'COMPLETED', 'EXPIRED', 'INVALID'] as const
export type ChargeStatus = (typeof CHARGE_STATUSES)[number]

/** A draft ad kept with the charge so a server restart loses nothing; bounded in size. */
export const MAX_DRAFT_BYTES = 64 * 1024

export const CreateChargeRequestSchema = z.object({
  // the server prices post and bump itself; amount matters only for a topup (dollars, at least the
  // minimum load)
  amount: z.coerce.number().finite().nonnegative().max(10_000).optional(),
  description: z.string().trim().max(500).refine(hasNoNul, says('text.nul')).optional(),
  chargeType: ChargeTypeSchema,
  listingId: z.string().trim().min(1).max(200).refine(hasNoNul, says('text.nul')).optional(),
  metadata: z
    .object({
      draft: z.unknown().optional(),
    })
    .optional(),
})
export type CreateChargeRequest = z.infer<typeof CreateChargeRequestSchema>

export const CoinStringsSchema = z.object({
  bitcoin: z.string().nullable(),
  litecoin: z.string().nullable(),
})

export const ChargeStatusResponseSchema = z.object({
  charge_id: z.string(),
  status: z.string(),
  charge_type: ChargeTypeSchema,
  amount_cad: z.number(),
  uris: CoinStringsSchema,
  addresses: CoinStringsSchema,
  hosted_url: z.string(),
  // something was paid but not enough: the charge stays open and this much is still due
  partially_paid: z.boolean().optional(),
  amount_due_cad: z.number().optional(),
})
export type ChargeStatusResponse = z.infer<typeof ChargeStatusResponseSchema>

export const CreateChargeResponseSchema = ChargeStatusResponseSchema
export type CreateChargeResponse = z.infer<typeof CreateChargeResponseSchema>

export const ChargeIdParamsSchema = z.object({
  chargeId: z.string().min(1).max(200),
})
