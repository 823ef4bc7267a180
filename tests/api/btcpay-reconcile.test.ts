import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { reconcileCharges } from '#server/services/payments/reconcile.ts'
import { paymentsService } from '#server/services/payments/registry.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { type FakeGreenfield, startFakeGreenfield } from '#tests/support/fake-greenfield.ts'

// A webhook missed while the server was down: the next server finds the payment by itself.

const API_KEY = 'test-api-key'
const STORE_ID = 'Store1234'
const SECRET = 'webhook-secret-for-tests'

let fake: FakeGreenfield
let t: TestApp

beforeAll(async () => {
  fake = await startFakeGreenfield({ apiKey: API_KEY, storeId: STORE_ID, webhookSecret: SECRET })
  t = await createTestApp({
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: fake.url,
    BTCPAY_API_KEY: API_KEY,
    BTCPAY_STORE_ID: STORE_ID,
    BTCPAY_WEBHOOK_SECRET: SECRET,
    RECONCILE_INTERVAL_MS: 50,
  })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(() => t.reset())

async function member() {
  const [user] = await t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  return { id: user.id, auth: { authorization: `Bearer ${await createSession(t.db, user.id)}` } }
}

async function balanceCents(userId: string) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

describe('reconciliation', () => {
  it('fulfils once, without any webhook, a charge settled while the server was stopped', async () => {
    const m = await member()
    // the first server takes the order and stops
    const first = await buildApp({ config: t.config, database: t.database })
    await first.ready()
    const created = await first.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'topup', amount: 7 },
    })
    expect(created.statusCode).toBe(200)
    await first.close()
    const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === created.json().charge_id)
    if (!invoice) throw new Error('no invoice at the fake')
    fake.setStatus(invoice.id, 'Settled')

    const second = await buildApp({ config: t.config, database: t.database })
    await second.ready()
    try {
      await vi.waitFor(async () => expect(await balanceCents(m.id)).toBe(700), {
        timeout: 10_000,
        interval: 50,
      })
      // two servers (this file's and the restarted one) reconcile the same database: still once
      await reconcileCharges(paymentsService(t.config, t.database))
      expect(await balanceCents(m.id)).toBe(700)
      const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.id))
      expect(rows).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it('also picks up a late payment of an expired charge', async () => {
    const m = await member()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'topup', amount: 5 },
    })
    const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === created.json().charge_id)
    if (!invoice) throw new Error('no invoice at the fake')
    fake.setStatus(invoice.id, 'Expired', 'PaidLate', 1)
    await vi.waitFor(async () => expect(await balanceCents(m.id)).toBe(500), {
      timeout: 10_000,
      interval: 50,
    })
  })
})
