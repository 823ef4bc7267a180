import type { z } from 'zod'
import type { ChargeAttentionSchema } from '#domain/api/admin.ts'
import type { ChargeStatus, ChargeType } from '#domain/api/payments.ts'

/** What every crypto payment provider answers about one invoice, in our own words. */
export interface ProviderCharge {
  invoiceId: string
  status: ChargeStatus
  hostedUrl: string
  addresses: { bitcoin: string | null; litecoin: string | null }
  uris: { bitcoin: string | null; litecoin: string | null }
  /** Paid in full after the invoice expired: the provider keeps it expired, we still owe the goods. */
  paidLate?: boolean
  /** Something was paid but not enough; what is still due, in cents. */
  partial?: { dueCents: number } | null
  /** A state a person should look at (paid late, partial, overpaid, marked by hand, invalid). */
  attention?: ChargeAttention | null
}

export type ChargeAttention = z.infer<typeof ChargeAttentionSchema>

/** Settled, or paid in full too late: either way the payer is owed what they paid for. */
export function isPaid(charge: ProviderCharge): boolean {
  return charge.status === 'COMPLETED' || charge.paidLate === true
}

export interface CreateInvoiceInput {
  /** our charge id; providers echo it back (BTCPay metadata.orderId) */
  chargeId: string
  amountCents: number
  description: string
  chargeType: ChargeType
}

export interface WebhookEvent {
  /** stable across redeliveries of the same event, so a replay is recognised */
  deliveryId: string
  invoiceId: string | null
  type: string
}

export type WebhookHeaders = Record<string, string | string[] | undefined>

export interface PaymentProvider {
  readonly name: 'sandbox' | 'btcpay'
  createCharge(input: CreateInvoiceInput): Promise<ProviderCharge>
  getCharge(invoiceId: string): Promise<ProviderCharge>
  /** Checks the signature over the exact bytes received, in constant time. */
  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): boolean
  /** Throws on a body that is not a webhook event of this provider. */
  parseWebhook(rawBody: Buffer): WebhookEvent
}

/** The provider could not be reached or answered nonsense: a 502 for the caller, never a 500. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError'

  /** When set, what the 502 tells the caller instead of the generic "unavailable" (a setup problem). */
  detail: string | undefined
}
