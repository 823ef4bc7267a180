import { randomBytes } from 'node:crypto'
import { and, eq, inArray, lt } from 'drizzle-orm'
import type { ChargeStatus } from '#domain/api/payments.ts'
import type { Db } from '#server/db/client.ts'
import { sandboxInvoices } from '#server/db/schema/payments.ts'
import { coinAmount, paymentUri, SANDBOX_CAD_PER_COIN, sandboxAddresses } from './addresses.ts'
import {
  type CreateInvoiceInput,
  type PaymentProvider,
  type ProviderCharge,
  ProviderError,
  type WebhookEvent,
  type WebhookHeaders,
} from './provider.ts'
import { signBody, verifyWebhookSignature } from './signature.ts'

export const SANDBOX_SIGNATURE_HEADER = 'sandbox-sig'
/** Like a real processor's invoice window; an unpaid sandbox invoice expires after this. */
/** Where the sandbox's hosted invoice pages live (an HTML page under /api). */
export const SANDBOX_PAGE_PATH = '/api/payments/sandbox/'

export const SANDBOX_INVOICE_TTL_MS = 60 * 60 * 1000

type SandboxInvoice = typeof sandboxInvoices.$inferSelect

/**
 * The built-in provider: a pretend crypto processor with its invoices in our database, a hosted
 * page under /api/payments/sandbox/{id} and signed webhooks, so the whole flow runs locally.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const

  constructor(
    private readonly db: Db,
    private readonly publicUrl: string,
    private readonly webhookSecret: string,
  ) {}

  hostedUrl(invoiceId: string): string {
    return new URL(`${SANDBOX_PAGE_PATH}${encodeURIComponent(invoiceId)}`, this.publicUrl).toString()
  }

  async createCharge(input: CreateInvoiceInput): Promise<ProviderCharge> {
    const [invoice] = await this.db
      .insert(sandboxInvoices)
      .values({
        id: `sbx_${randomBytes(16).toString('base64url')}`,
        amountCents: input.amountCents,
        description: input.description,
        orderId: input.chargeId,
        expiresAt: new Date(Date.now() + SANDBOX_INVOICE_TTL_MS),
      })
      .returning()
    if (!invoice) throw new ProviderError('Sandbox invoice was not created')
    return this.toCharge(invoice)
  }

  async getCharge(invoiceId: string): Promise<ProviderCharge> {
    const invoice = await this.getInvoice(invoiceId)
    if (!invoice) throw new ProviderError(`Sandbox invoice ${invoiceId} not found`)
    return this.toCharge(invoice)
  }

  /** The invoice as the hosted page shows it; an unpaid one past its time reads as EXPIRED. */
  async getInvoice(invoiceId: string): Promise<SandboxInvoice | null> {
    // PostgreSQL text cannot hold NUL and would fail the query: no invoice id has one
    if (invoiceId.includes('\u0000')) return null
    await this.db
      .update(sandboxInvoices)
      .set({ status: 'EXPIRED', updatedAt: new Date() })
      .where(
        and(
          eq(sandboxInvoices.id, invoiceId),
          inArray(sandboxInvoices.status, ['NEW', 'PENDING']),
          lt(sandboxInvoices.expiresAt, new Date()),
        ),
      )
    const [invoice] = await this.db.select().from(sandboxInvoices).where(eq(sandboxInvoices.id, invoiceId))
    return invoice ?? null
  }

  /**
   * Moves an open invoice to COMPLETED or EXPIRED. Returns false when it was already final, so
   * pressing "Simulate payment" on an expired invoice does nothing.
   */
  async simulate(invoiceId: string, outcome: 'COMPLETED' | 'EXPIRED'): Promise<boolean> {
    const changed = await this.db
      .update(sandboxInvoices)
      .set({ status: outcome, updatedAt: new Date() })
      .where(and(eq(sandboxInvoices.id, invoiceId), inArray(sandboxInvoices.status, ['NEW', 'PENDING'])))
      .returning({ id: sandboxInvoices.id })
    return changed.length > 0
  }

  /** A signed webhook like the one a real processor would send, for the same code path. */
  buildWebhook(invoiceId: string, type: string): { body: Buffer; headers: WebhookHeaders } {
    const body = Buffer.from(
      JSON.stringify({
        deliveryId: `sbxd_${randomBytes(12).toString('base64url')}`,
        type,
        invoiceId,
        timestamp: Math.floor(Date.now() / 1000),
      }),
    )
    return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: signBody(this.webhookSecret, body) } }
  }

  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): boolean {
    return verifyWebhookSignature(this.webhookSecret, rawBody, headers, SANDBOX_SIGNATURE_HEADER)
  }

  parseWebhook(rawBody: Buffer): WebhookEvent {
    const parsed: unknown = JSON.parse(rawBody.toString('utf8'))
    if (typeof parsed !== 'object' || parsed === null) throw new Error('Webhook body is not an object')
    const { deliveryId, invoiceId, type } = parsed as Record<string, unknown>
    if (typeof deliveryId !== 'string' || typeof type !== 'string') throw new Error('Webhook body lacks ids')
    return { deliveryId, type, invoiceId: typeof invoiceId === 'string' ? invoiceId : null }
  }

  private toCharge(invoice: SandboxInvoice): ProviderCharge {
    const addresses = sandboxAddresses(invoice.orderId)
    const label = 'Maple After Dark (sandbox)'
    return {
      invoiceId: invoice.id,
      status: invoice.status satisfies ChargeStatus,
      hostedUrl: this.hostedUrl(invoice.id),
      addresses,
      uris: {
        bitcoin: paymentUri(
          'bitcoin',
          addresses.bitcoin,
          coinAmount(invoice.amountCents, SANDBOX_CAD_PER_COIN.bitcoin),
          label,
        ),
        litecoin: paymentUri(
          'litecoin',
          addresses.litecoin,
          coinAmount(invoice.amountCents, SANDBOX_CAD_PER_COIN.litecoin),
          label,
        ),
      },
    }
  }
}
