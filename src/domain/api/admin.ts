import { z } from 'zod'
import { says } from './error-codes.ts'

// Request and response shapes of /api/admin, shared by the server routes and the client.

export const AdminPaths = {
  login: '/admin/login',
  logout: '/admin/logout',
  purge: '/admin/purge',
  paymentsAttention: '/admin/payments/attention',
} as const

export const AdminLoginRequestSchema = z.object({
  username: z.string().trim().min(1, says('auth.username_required')).max(200),
  password: z.string().min(1, says('auth.password_required')).max(1024),
  /** the mark an earlier sign-in gave this device (docs/decisions/044-edges.md) */
  device: z.string().max(128).optional(),
})
export type AdminLoginRequest = z.infer<typeof AdminLoginRequestSchema>

export const AdminLoginResponseSchema = z.object({ token: z.string(), device: z.string().optional() })
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>

/** Rows removed per table, e.g. `{ users: 3, sessions: 5 }`. */
export const PurgeResponseSchema = z.object({ deleted: z.record(z.string(), z.number().int()) })
export type PurgeResponse = z.infer<typeof PurgeResponseSchema>

/** Why a charge needs a person: paid late, partly paid, overpaid, marked by hand, invalid. */
export const ChargeAttentionSchema = z.enum(['paid_late', 'partial', 'paid_over', 'marked', 'invalid'])

export const AttentionChargeSchema = z.object({
  charge_id: z.string(),
  provider: z.string(),
  provider_invoice_id: z.string(),
  charge_type: z.enum(['post', 'bump', 'topup']),
  amount_cad: z.number(),
  status: z.string(),
  attention: ChargeAttentionSchema,
  fulfilled: z.boolean(),
  user_id: z.string(),
  updated_at: z.string(),
})
export type AttentionCharge = z.infer<typeof AttentionChargeSchema>

export const AttentionChargeListSchema = z.object({ charges: z.array(AttentionChargeSchema) })
export type AttentionChargeList = z.infer<typeof AttentionChargeListSchema>
