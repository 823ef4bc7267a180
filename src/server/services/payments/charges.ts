import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { ChargeStatus, ChargeStatusResponse, ChargeType } from '#domain/api/payments.ts'
import { centsToDollars } from '#domain/money.ts'
import type { Db } from '#server/db/client.ts'
import { cryptoCharges, webhookDeliveries } from '#server/db/schema/payments.ts'
import { ApiError } from '#server/errors.ts'
import type { PaymentObserver, PaymentOutcome } from '#server/services/metrics/metrics.ts'
import { fulfilCharge } from './fulfilment.ts'
import {
  isPaid,
  type PaymentProvider,
  type ProviderCharge,
  ProviderError,
  type WebhookHeaders,
} from './provider.ts'

export type ChargeRow = typeof cryptoCharges.$inferSelect

export interface NewCharge {
  userId: string
  chargeType: ChargeType
  amountCents: number
  description: string
  listingId: string | null
  draft: unknown
}

/** Far above any provider's ids and event names, far below PostgreSQL's btree key limit. */
const MAX_WEBHOOK_ID_LENGTH = 500

/** A charge that ended without being paid, in the payments metric's words. */
function unpaidEnd(status: ChargeStatus): PaymentOutcome | undefined {
  if (status === 'EXPIRED') return 'expired'
  return status === 'INVALID' ? 'invalid' : undefined
}

/** The public status endpoint is guarded by nothing but this id's random bits. */
export const CHARGE_ID_BITS = 144

export function newChargeId(): string {
  return `ch_${randomBytes(CHARGE_ID_BITS / 8).toString('base64url')}`
}

export function toChargeView(row: ChargeRow, charge: ProviderCharge): ChargeStatusResponse {
  return {
    charge_id: row.id,
    // once we credited it, it stays COMPLETED for the app even if the provider later says otherwise
    status: row.fulfilledAt ? 'COMPLETED' : charge.status,
    charge_type: row.chargeType,
    amount_cad: centsToDollars(row.amountCents),
    uris: charge.uris,
    addresses: charge.addresses,
    hosted_url: charge.hostedUrl || row.hostedUrl,
    ...(charge.partial && !row.fulfilledAt
      ? { partially_paid: true, amount_due_cad: centsToDollars(charge.partial.dueCents) }
      : {}),
  }
}

export interface RefreshedCharge {
  row: ChargeRow
  charge: ProviderCharge
  fulfilled: boolean
}

/** Charges, their provider, and fulfilment: the one place that decides when money moves. */
export class PaymentsService {
  constructor(
    readonly db: Db,
    readonly provider: PaymentProvider,
    /** Told of each charge created, settled, expired or invalid, and of each provider failure (metrics). */
    private readonly observe: PaymentObserver = () => {},
  ) {}

  /** A provider outage is a 502 with a readable detail, never a bare 500. */
  private async fromProvider<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error
      this.observe(this.provider.name, 'provider_error')
      throw error.detail === undefined
        ? new ApiError(502, 'payment.provider_unavailable', { cause: error })
        : new ApiError(502, 'payment.provider_refused', { reason: error.detail }, { cause: error })
    }
  }

  async createCharge(input: NewCharge): Promise<ChargeStatusResponse> {
    const id = newChargeId()
    const charge = await this.fromProvider(() =>
      this.provider.createCharge({
        chargeId: id,
        amountCents: input.amountCents,
        description: input.description,
        chargeType: input.chargeType,
      }),
    )
    const [row] = await this.db
      .insert(cryptoCharges)
      .values({
        id,
        userId: input.userId,
        provider: this.provider.name,
        providerInvoiceId: charge.invoiceId,
        chargeType: input.chargeType,
        amountCents: input.amountCents,
        description: input.description,
        listingId: input.listingId,
        draft: input.draft ?? null,
        hostedUrl: charge.hostedUrl,
        status: charge.status,
      })
      .returning()
    if (!row) throw new Error('Charge row was not written')
    this.observe(this.provider.name, 'created')
    return toChargeView(row, charge)
  }

  async findCharge(chargeId: string): Promise<ChargeRow | null> {
    // PostgreSQL text cannot hold NUL and would fail the query: no charge id has one
    if (chargeId.includes('\u0000')) return null
    const [row] = await this.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
    return row ?? null
  }

  /** Re-reads the status from the provider (the source of truth) and fulfils once it is settled. */
  async refresh(row: ChargeRow): Promise<RefreshedCharge> {
    const charge = await this.fromProvider(() => this.provider.getCharge(row.providerInvoiceId))
    let current = row
    const attention = charge.attention ?? null
    if ((charge.status !== row.status && !row.fulfilledAt) || attention !== row.attention) {
      const [updated] = await this.db
        .update(cryptoCharges)
        .set({
          ...(row.fulfilledAt ? {} : { status: charge.status }),
          attention,
          updatedAt: new Date(),
        })
        .where(eq(cryptoCharges.id, row.id))
        .returning()
      current = updated ?? row
      const end = charge.status !== row.status && !row.fulfilledAt ? unpaidEnd(charge.status) : undefined
      if (end) this.observe(this.provider.name, end)
    }
    // a late full payment stays EXPIRED at the provider, but the payer is owed all the same
    if (isPaid(charge) && !current.fulfilledAt) {
      // counted by the one call that did the work, whoever asked first
      if (await fulfilCharge(this.db, row.id)) this.observe(this.provider.name, 'settled')
      current = (await this.findCharge(row.id)) ?? current
    }
    return { row: current, charge, fulfilled: current.fulfilledAt !== null }
  }

  /**
   * A provider's webhook: signature over the raw bytes first, then the delivery is recorded so a
   * replay is acknowledged without work, then the charge is re-read from the provider (a signed body
   * still only tells us to look) and fulfilled if settled.
   */
  async handleWebhook(rawBody: Buffer, headers: WebhookHeaders): Promise<{ duplicate: boolean }> {
    if (!this.provider.verifyWebhook(rawBody, headers)) throw new ApiError(401, 'payment.webhook_signature')
    let event: ReturnType<PaymentProvider['parseWebhook']>
    try {
      event = this.provider.parseWebhook(rawBody)
    } catch {
      throw new ApiError(400, 'payment.webhook_malformed')
    }
    // the ids go into indexed text columns: PostgreSQL refuses NUL, and a btree key must stay small
    const ids = [event.deliveryId, event.type, event.invoiceId ?? '']
    if (ids.some((id) => id.length > MAX_WEBHOOK_ID_LENGTH || id.includes('\u0000'))) {
      throw new ApiError(400, 'payment.webhook_malformed')
    }
    const recorded = await this.db
      .insert(webhookDeliveries)
      .values({
        provider: this.provider.name,
        deliveryId: event.deliveryId,
        invoiceId: event.invoiceId,
        eventType: event.type,
      })
      .onConflictDoNothing()
      .returning({ deliveryId: webhookDeliveries.deliveryId })
    if (recorded.length === 0) return { duplicate: true }
    try {
      if (event.invoiceId) {
        const [row] = await this.db
          .select()
          .from(cryptoCharges)
          .where(
            and(
              eq(cryptoCharges.provider, this.provider.name),
              eq(cryptoCharges.providerInvoiceId, event.invoiceId),
            ),
          )
        if (row) await this.refresh(row)
      }
    } catch (error) {
      // forget the delivery so the provider's retry gets another go
      await this.db
        .delete(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.provider, this.provider.name),
            eq(webhookDeliveries.deliveryId, event.deliveryId),
          ),
        )
      throw error
    }
    return { duplicate: false }
  }
}
