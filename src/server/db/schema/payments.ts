import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, ownerUserId, updatedAt } from './user-columns.ts'

/**
 * Our record of every crypto charge. The status column is only the last status we saw: the
 * provider is the source of truth and is re-read on every status poll, confirm and webhook, so a
 * restart loses nothing. fulfilled_at is set in the same transaction as the credit or ledger row.
 */
export const cryptoCharges = pgTable(
  'crypto_charges',
  {
    // ≥128 bits of randomness: the status endpoint is public and the id is its only secret
    id: text('id').primaryKey(),
    userId: ownerUserId(),
    provider: text('provider', { enum: ['sandbox', 'btcpay'] }).notNull(),
    providerInvoiceId: text('provider_invoice_id').notNull(),
    chargeType: text('charge_type', { enum: ['topup', 'post', 'bump'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    description: text('description').notNull(),
    listingId: text('listing_id'),
    draft: jsonb('draft'),
    hostedUrl: text('hosted_url').notNull(),
    status: text('status').notNull().default('NEW'),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    // what a person should look at (paid_late, partial, paid_over, marked, invalid), last seen
    attention: text('attention'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('crypto_charges_amount_positive', sql`${t.amountCents} > 0`),
    uniqueIndex('crypto_charges_provider_invoice').on(t.provider, t.providerInvoiceId),
  ],
)

/** Webhook deliveries already handled, so a delivery sent again is acknowledged and skipped. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    provider: text('provider').notNull(),
    deliveryId: text('delivery_id').notNull(),
    invoiceId: text('invoice_id'),
    eventType: text('event_type').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.deliveryId] })],
)

/** The built-in sandbox provider's own invoices: kept in the database so a restart keeps them. */
export const sandboxInvoices = pgTable('sandbox_invoices', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  description: text('description').notNull(),
  orderId: text('order_id').notNull(),
  status: text('status', { enum: ['NEW', 'PENDING', 'COMPLETED', 'EXPIRED'] })
    .notNull()
    .default('NEW'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
