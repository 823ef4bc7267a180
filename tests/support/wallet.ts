// A user's wallet in the API tests: funding it as a settled top-up would, paying from it, and what it
// holds read straight from the database. Each takes the file's TestApp.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import type { TestApp } from './api-app.ts'

/** The balance in cents, 0 for a user who never had a wallet. */
export async function balanceCents(t: TestApp, userId: string): Promise<number> {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

export function ledger(t: TestApp, userId: string) {
  return t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))
}

/** Gives a user a balance the way a settled top-up would: balance and ledger row together. */
export async function fund(t: TestApp, userId: string, cents: number): Promise<void> {
  await t.db
    .insert(wallets)
    .values({ userId, balanceCents: cents })
    .onConflictDoUpdate({
      target: wallets.userId,
      set: { balanceCents: sql`${wallets.balanceCents} + ${cents}` },
    })
  await t.db.insert(walletTransactions).values({
    userId,
    type: 'topup',
    method: 'crypto',
    amountCents: cents,
    chargeId: `ch_test_${randomUUID()}`,
  })
}

/** POST /api/wallet/pay, with an Idempotency-Key when one is given. */
export function pay(t: TestApp, m: { auth: { authorization: string } }, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/pay',
    headers: { ...m.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as Record<string, unknown>,
  })
}
