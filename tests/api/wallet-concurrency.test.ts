import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

// Real sockets, real concurrency: on PostgreSQL these requests run on ten pooled connections at
// once, which is where a read-then-write debit would lose updates.

let t: TestApp
let base: string

beforeAll(async () => {
  t = await createTestApp()
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(() => t.close())
beforeEach(() => t.reset())

async function fundedMember(cents: number) {
  const [user] = await t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  await t.db.insert(wallets).values({ userId: user.id, balanceCents: cents })
  await t.db.insert(walletTransactions).values({
    userId: user.id,
    type: 'topup',
    method: 'crypto',
    amountCents: cents,
    chargeId: `ch_${randomUUID()}`,
  })
  return { id: user.id, token: await createSession(t.db, user.id) }
}

function pay(token: string, body: unknown, key?: string) {
  return fetch(`${base}/api/wallet/pay`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  })
}

async function ledger(userId: string) {
  const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))
  const [wallet] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  const credited = rows.filter((r) => r.type === 'topup').reduce((sum, r) => sum + r.amountCents, 0)
  const debited = rows.filter((r) => r.method === 'wallet').reduce((sum, r) => sum + r.amountCents, 0)
  return { rows, balance: wallet?.balanceCents, credited, debited }
}

describe(`wallet under concurrency (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('lets exactly 10 of 200 simultaneous $1 bumps through on a $10 balance', async () => {
    const m = await fundedMember(1000)
    const responses = await Promise.all(Array.from({ length: 200 }, () => pay(m.token, { type: 'bump' })))
    const statuses = responses.map((r) => r.status)
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>))

    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(190)
    expect(
      bodies.filter((_, i) => statuses[i] === 402).every((b) => b.detail === 'Insufficient balance'),
    ).toBe(true)
    // every successful answer reports a distinct balance on the way down to zero
    const reported = bodies.filter((_, i) => statuses[i] === 200).map((b) => b.balance_cad as number)
    expect(reported.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])

    const { rows, balance, credited, debited } = await ledger(m.id)
    expect(balance).toBe(0)
    expect(rows.filter((r) => r.type === 'bump')).toHaveLength(10)
    expect(credited - debited).toBe(balance)
  })

  it('never overdraws with mixed $2 posts and $1 bumps racing on $5', async () => {
    const m = await fundedMember(500)
    const types = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'post' : 'bump'))
    await Promise.all(types.map((type) => pay(m.token, { type })))
    const { balance, credited, debited } = await ledger(m.id)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(balance).toBeLessThan(100)
    expect(credited - debited).toBe(balance)
  })

  it('charges once for 50 simultaneous retries carrying the same Idempotency-Key', async () => {
    const m = await fundedMember(1000)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => pay(m.token, { type: 'post' }, 'queued-1')),
    )
    const bodies = await Promise.all(
      responses.map((r) => r.json() as Promise<{ transaction: { id: string } }>),
    )
    expect(responses.every((r) => r.status === 200)).toBe(true)
    expect(new Set(bodies.map((b) => b.transaction.id)).size).toBe(1)
    const { balance, rows } = await ledger(m.id)
    expect(balance).toBe(800)
    expect(rows.filter((r) => r.type === 'post')).toHaveLength(1)
  })
})
