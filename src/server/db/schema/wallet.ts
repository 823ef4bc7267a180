import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { createdAt, ownerUserId, updatedAt } from './user-columns.ts'

// One row per user. The CHECK is the last line of defence: the services move money with a single
// conditional UPDATE, and the database refuses any statement that would still overdraw.
export const wallets = pgTable(
  'wallets',
  {
    userId: ownerUserId().primaryKey(),
    balanceCents: integer('balance_cents').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check('wallets_balance_non_negative', sql`${t.balanceCents} >= 0`)],
)

/**
 * The ledger. Every balance change writes one row in the same database transaction. amount_cents is
 * always positive: a topup credits the wallet, a post or bump paid by 'wallet' debits it, and a post
 * or bump paid by 'crypto' is recorded without touching the balance.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: ownerUserId(),
    // credit: money owed back to the payer (a late or unusable crypto payment); note says why
    type: text('type', { enum: ['topup', 'post', 'bump', 'credit'] }).notNull(),
    method: text('method', { enum: ['wallet', 'crypto'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: ['completed'] })
      .notNull()
      .default('completed'),
    chargeId: text('charge_id'),
    listingId: text('listing_id'),
    idempotencyKey: text('idempotency_key'),
    note: text('note'),
    // a bump a schedule charged: the schedule and the moment it ran for (docs/decisions/050-scheduled-bumps.md)
    scheduleId: uuid('schedule_id'),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('wallet_transactions_amount_positive', sql`${t.amountCents} > 0`),
    check('wallet_transactions_type', sql`${t.type} in ('topup', 'post', 'bump', 'credit')`),
    check('wallet_transactions_method', sql`${t.method} in ('wallet', 'crypto')`),
    // a settled charge is fulfilled at most once, whichever of webhook and status poll gets there first
    uniqueIndex('wallet_transactions_charge_unique').on(t.chargeId),
    // a scheduled moment is charged at most once, whatever ran it
    uniqueIndex('wallet_transactions_scheduled_unique').on(t.scheduleId, t.scheduledFor),
    index('wallet_transactions_user_created').on(t.userId, t.createdAt),
  ],
)

/**
 * Stored answers of `POST /wallet/pay` per (user, Idempotency-Key). The row is inserted in the same
 * transaction as the charge, so a concurrent retry waits on the unique key and then replays.
 */
export const walletIdempotency = pgTable(
  'wallet_idempotency',
  {
    userId: ownerUserId(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
)
