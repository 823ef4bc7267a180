import { createHash } from 'node:crypto'
import { and, desc, eq, gte, sql } from 'drizzle-orm'
import {
  type WalletPayRequest,
  type WalletPayResponse,
  WalletSchema,
  type WalletTransaction,
} from '#domain/api/wallet.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { centsToDollars } from '#domain/money.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { walletIdempotency, wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { type Refusal, refusal } from '#server/errors.ts'
import { applyAdFee, feeAdId } from '#server/services/ads/ad-payments.ts'
import { cachedWalletJson, type WalletCache } from './wallet-cache.ts'

// A transaction handle is a Db too (PgTransaction extends PgDatabase). Functions taking `Db` here
// are called with `tx` from inside a transaction: on PGlite, using the outer handle there hangs.

export const TRANSACTIONS_SHOWN = 100

type LedgerRow = typeof walletTransactions.$inferSelect

export function toTransactionView(row: LedgerRow): WalletTransaction {
  return {
    id: row.id,
    type: row.type,
    amount_cad: centsToDollars(row.amountCents),
    method: row.method,
    status: row.status,
    listing_id: row.listingId,
    created_at: row.createdAt.toISOString(),
    ...(row.note ? { note: row.note } : {}),
    ...(row.scheduledFor ? { scheduled_for: row.scheduledFor.toISOString() } : {}),
  }
}

export async function getBalanceCents(db: Db, userId: string): Promise<number> {
  const [wallet] = await db
    .select({ balanceCents: wallets.balanceCents })
    .from(wallets)
    .where(eq(wallets.userId, userId))
  return wallet?.balanceCents ?? 0
}

/** The wallet view as the JSON bytes `GET /api/wallet` sends, validated against WalletSchema when read. */
export async function walletJson(db: Db, userId: string, cache: WalletCache | undefined): Promise<Buffer> {
  return cachedWalletJson(cache, userId, async () => {
    const balanceCents = await getBalanceCents(db, userId)
    const rows = await db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(desc(walletTransactions.createdAt), desc(walletTransactions.id))
      .limit(TRANSACTIONS_SHOWN)
    const view = { balance_cad: centsToDollars(balanceCents), transactions: rows.map(toTransactionView) }
    return Buffer.from(JSON.stringify(WalletSchema.parse(view)))
  })
}

async function ensureWallet(db: Db, userId: string): Promise<void> {
  await db.insert(wallets).values({ userId }).onConflictDoNothing()
  changed(db, 'wallets')
}

/** Credits a settled top-up and writes its ledger row; call inside the fulfilment transaction. */
export async function creditTopup(
  tx: Db,
  input: { userId: string; amountCents: number; chargeId: string },
): Promise<number> {
  await ensureWallet(tx, input.userId)
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${input.amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.userId, input.userId))
    .returning({ balanceCents: wallets.balanceCents })
  await tx.insert(walletTransactions).values({
    userId: input.userId,
    type: 'topup',
    method: 'crypto',
    amountCents: input.amountCents,
    chargeId: input.chargeId,
  })
  changed(tx, 'wallets')
  return wallet?.balanceCents ?? 0
}

/**
 * Credits a crypto payment that could not do what it paid for (a late post fee for an ad that is
 * gone) to the payer's wallet, with the reason on the ledger row. The charge's unique ledger row
 * keeps it to once.
 */
export async function creditCharge(
  tx: Db,
  input: { userId: string; amountCents: number; chargeId: string; listingId: string | null; note: string },
): Promise<void> {
  await ensureWallet(tx, input.userId)
  await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${input.amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.userId, input.userId))
  await tx.insert(walletTransactions).values({
    userId: input.userId,
    type: 'credit',
    method: 'crypto',
    amountCents: input.amountCents,
    chargeId: input.chargeId,
    listingId: input.listingId,
    note: input.note,
  })
  changed(tx, 'wallets')
}

/** Records a post or bump fee paid by crypto: on the ledger for the record, balance untouched. */
export async function recordCryptoFee(
  tx: Db,
  input: {
    userId: string
    type: 'post' | 'bump'
    amountCents: number
    chargeId: string
    listingId: string | null
  },
): Promise<void> {
  await tx.insert(walletTransactions).values({
    userId: input.userId,
    type: input.type,
    method: 'crypto',
    amountCents: input.amountCents,
    chargeId: input.chargeId,
    listingId: input.listingId,
  })
  changed(tx, 'wallets')
}

export interface PayOutcome {
  statusCode: 200 | 400 | 402 | 403 | 404 | 409 | 422
  body: WalletPayResponse | Refusal
  /** The stored answer to an earlier request with the same Idempotency-Key: nothing moved now. */
  replayed?: true
}

/** Thrown inside the payment transaction to roll back an ad change whose debit did not happen, or the reverse. */
class PaymentRefused extends Error {
  constructor(readonly outcome: PayOutcome & { body: Refusal }) {
    super(outcome.body.detail)
  }
}

/**
 * Debits the fee in ONE conditional statement: PostgreSQL READ COMMITTED would lose updates with
 * read-then-write, and the WHERE clause makes the 201st concurrent payment fail instead of overdraw.
 * The fee first applies its effect on the ad it names (publish, renew, bump) in the same transaction;
 * if either part is refused, both roll back: no debit without its effect, no effect without a debit.
 */
async function debit(
  tx: Db,
  userId: string,
  request: WalletPayRequest,
  key: string | null,
  now: Date,
  scheduled?: ScheduledMoment,
): Promise<PayOutcome> {
  const fee = FEES_CENTS[request.type]
  const target = feeAdId(request.listingId)
  if (!('adId' in target))
    throw new PaymentRefused({ statusCode: target.statusCode, body: refusal(target.reason) })
  const effect = await applyAdFee(tx, {
    adId: target.adId,
    payerId: userId,
    type: request.type,
    paidBy: scheduled ? 'wallet, scheduled' : 'wallet',
    now,
  })
  if (!effect.applied)
    throw new PaymentRefused({ statusCode: effect.statusCode, body: refusal(effect.reason) })
  await ensureWallet(tx, userId)
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} - ${fee}`, updatedAt: new Date() })
    .where(and(eq(wallets.userId, userId), gte(wallets.balanceCents, fee)))
    .returning({ balanceCents: wallets.balanceCents })
  if (!wallet) throw new PaymentRefused({ statusCode: 402, body: refusal('wallet.insufficient_balance') })
  const [row] = await tx
    .insert(walletTransactions)
    .values({
      userId,
      type: request.type,
      method: 'wallet',
      amountCents: fee,
      listingId: target.adId,
      idempotencyKey: key,
      ...(scheduled ? { scheduleId: scheduled.scheduleId, scheduledFor: scheduled.moment } : {}),
    })
    .returning()
  if (!row) throw new Error('Ledger row was not written')
  changed(tx, 'wallets')
  return {
    statusCode: 200,
    body: { ok: true, transaction: toTransactionView(row), balance_cad: centsToDollars(wallet.balanceCents) },
  }
}

/** The schedule and moment a scheduled bump is charged for, and the job's time (app.clock). */
export interface ScheduledMoment {
  scheduleId: string
  moment: Date
  now: Date
}

export type ScheduledBumpOutcome =
  | { charged: true }
  | { charged: false; statusCode: PayOutcome['statusCode']; code: string | undefined }

/**
 * A scheduled bump (docs/decisions/050-scheduled-bumps.md): the manual bump's own debit, with the
 * same rules (the ad live and the owner's, 15 minutes since the last bump, the balance there), in a
 * savepoint of the job's completing transaction, so a refusal undoes the ad's change and leaves the
 * job free to complete. The ledger row names the schedule and the moment; a unique index on the pair
 * keeps it to one charge whatever ran it.
 */
export async function chargeScheduledBump(
  tx: Db,
  input: { userId: string; adId: string } & ScheduledMoment,
): Promise<ScheduledBumpOutcome> {
  const { userId, adId, ...scheduled } = input
  try {
    await tx.transaction((savepoint) =>
      debit(savepoint, userId, { type: 'bump', listingId: adId }, null, scheduled.now, scheduled),
    )
    return { charged: true }
  } catch (error) {
    if (!(error instanceof PaymentRefused)) throw error
    const body = error.outcome.body as { code?: string }
    return { charged: false, statusCode: error.outcome.statusCode, code: body.code }
  }
}

function requestHash(request: WalletPayRequest): string {
  return createHash('sha256')
    .update(JSON.stringify({ type: request.type, listingId: request.listingId ?? null }))
    .digest('hex')
}

/**
 * Pays a fee from the wallet. With an Idempotency-Key the key is claimed in the same transaction as
 * the debit: a concurrent request with the same key waits on the primary key (PostgreSQL) or the
 * single connection (PGlite), finds it taken and replays the stored answer, so it charges once.
 */
export async function payFromWallet(
  db: Db,
  userId: string,
  request: WalletPayRequest,
  idempotencyKey: string | null,
  /** the app's clock: whether a renewal is open, and the new end, are read from it */
  now: Date,
): Promise<PayOutcome> {
  try {
    return await payOnce(db, userId, request, idempotencyKey, now)
  } catch (error) {
    // a refused ad payment rolled back whole (its key claim too), so a retry is judged afresh
    if (error instanceof PaymentRefused) return error.outcome
    throw error
  }
}

/**
 * `debit` in a savepoint, so a short balance undoes the ad's change but keeps the key's claim: the
 * 402 is stored and replayed, and a retry with the same key never pays later by surprise, after a
 * top-up. Any other refusal rolls back the claim too, and a retry is judged afresh.
 */
async function debitKeepingShortBalance(
  tx: Db,
  userId: string,
  request: WalletPayRequest,
  key: string,
  now: Date,
): Promise<PayOutcome> {
  try {
    return await tx.transaction((savepoint) => debit(savepoint, userId, request, key, now))
  } catch (error) {
    if (error instanceof PaymentRefused && error.outcome.statusCode === 402) return error.outcome
    throw error
  }
}

async function payOnce(
  db: Db,
  userId: string,
  request: WalletPayRequest,
  idempotencyKey: string | null,
  now: Date,
): Promise<PayOutcome> {
  if (!idempotencyKey) return db.transaction((tx) => debit(tx, userId, request, null, now))
  const hash = requestHash(request)
  const fresh = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(walletIdempotency)
      .values({ userId, key: idempotencyKey, requestHash: hash, statusCode: 0, response: {} })
      .onConflictDoNothing()
      .returning({ key: walletIdempotency.key })
    if (claimed.length === 0) return null
    const outcome = await debitKeepingShortBalance(tx, userId, request, idempotencyKey, now)
    await tx
      .update(walletIdempotency)
      .set({ statusCode: outcome.statusCode, response: outcome.body })
      .where(and(eq(walletIdempotency.userId, userId), eq(walletIdempotency.key, idempotencyKey)))
    return outcome
  })
  if (fresh) return fresh
  const [stored] = await db
    .select()
    .from(walletIdempotency)
    .where(and(eq(walletIdempotency.userId, userId), eq(walletIdempotency.key, idempotencyKey)))
  if (!stored) throw new Error('Idempotency record vanished')
  if (stored.requestHash !== hash) return { statusCode: 422, body: refusal('wallet.idempotency_mismatch') }
  return {
    statusCode: stored.statusCode as PayOutcome['statusCode'],
    body: stored.response as PayOutcome['body'],
    replayed: true,
  }
}
