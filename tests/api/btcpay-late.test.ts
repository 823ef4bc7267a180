import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { createAdminSession, createSession } from '#server/services/accounts/sessions.ts'
import { BtcpayProvider } from '#server/services/payments/btcpay-provider.ts'
import { PaymentsService } from '#server/services/payments/charges.ts'
import { reconcileCharges } from '#server/services/payments/reconcile.ts'
import { paymentsService } from '#server/services/payments/registry.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import {
  FAKE_BTC_ADDRESS,
  FAKE_LTC_ADDRESS,
  type FakeGreenfield,
  startFakeGreenfield,
} from '#tests/support/fake-greenfield.ts'

// Late, partial, over- and hand-marked payments, lazy payment methods, refused coins and both
// invoice path styles, against the loopback BTCPay stand-in.

/** The ad a late fee was for is gone: the ads code answers not-applied for this listing. */
const GONE_LISTING = 'ad-gone'
const GONE_REASON = 'The ad this fee was for no longer exists'

vi.mock('#server/services/payments/charge-effects.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('#server/services/payments/charge-effects.ts')>()
  return {
    ...real,
    applyChargeEffect: (...args: Parameters<typeof real.applyChargeEffect>) =>
      args[1].listingId === GONE_LISTING
        ? Promise.resolve({ applied: false as const, reason: GONE_REASON })
        : real.applyChargeEffect(...args),
  }
})

const API_KEY = 'test-api-key'
const STORE_ID = 'Store1234'
const SECRET = 'webhook-secret-for-tests'

let fake: FakeGreenfield
let t: TestApp

beforeAll(async () => {
  fake = await startFakeGreenfield({
    apiKey: API_KEY,
    storeId: STORE_ID,
    webhookSecret: SECRET,
    pathStyle: 'both',
    lazyPaymentMethods: true,
  })
  t = await createTestApp({
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: fake.url,
    BTCPAY_API_KEY: API_KEY,
    BTCPAY_STORE_ID: STORE_ID,
    BTCPAY_WEBHOOK_SECRET: SECRET,
  })
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(async () => {
  await t.reset()
  fake.requests.length = 0
})

async function member() {
  const [user] = await t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  return { id: user.id, auth: { authorization: `Bearer ${await createSession(t.db, user.id)}` } }
}

type Member = Awaited<ReturnType<typeof member>>

async function charge(m: Member, payload: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/crypto/charge',
    headers: m.auth,
    payload,
  })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === body.charge_id)
  if (!invoice) throw new Error('no invoice at the fake')
  return { chargeId: body.charge_id as string, invoiceId: invoice.id, body }
}

const status = (chargeId: string) =>
  t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` })

function deliver(invoiceId: string, type: string) {
  const hook = fake.webhook(invoiceId, type)
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/btcpay',
    headers: hook.headers,
    payload: hook.body,
  })
}

async function balanceCents(userId: string) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

const ledger = (userId: string) =>
  t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))

async function chargeRow(chargeId: string) {
  const [row] = await t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
  return row
}

describe('a payment that arrives after the invoice expired', () => {
  it('credits a late top-up once while webhooks, status polls and reconciliation race', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    const service = paymentsService(t.config, t.database)
    const results = await Promise.all([
      deliver(invoiceId, 'InvoiceExpired'),
      deliver(invoiceId, 'InvoiceReceivedPayment'),
      status(chargeId),
      status(chargeId),
      reconcileCharges(service),
      reconcileCharges(service),
    ])
    expect(results.slice(0, 4).every((r) => 'statusCode' in r && r.statusCode === 200)).toBe(true)
    expect(await balanceCents(m.id)).toBe(500)
    expect(await ledger(m.id)).toEqual([expect.objectContaining({ type: 'topup', amountCents: 500 })])
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect((await chargeRow(chargeId))?.attention).toBe('paid_late')
  })

  it('applies a late bump fee when its effect still can', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'bump', listingId: 'ad-1' })
    fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect(await ledger(m.id)).toEqual([
      expect.objectContaining({ type: 'bump', method: 'crypto', listingId: 'ad-1' }),
    ])
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('credits a late fee whose ad is gone to the payer, with the reason on the wallet', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'post', listingId: GONE_LISTING })
    fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    await deliver(invoiceId, 'InvoiceExpired')
    await deliver(invoiceId, 'InvoicePaymentSettled')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    const rows = await ledger(m.id)
    expect(rows).toEqual([expect.objectContaining({ type: 'credit', method: 'crypto', note: GONE_REASON })])
    const wallet = await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    expect(wallet.json().balance_cad).toBe(rows[0]?.amountCents ? rows[0].amountCents / 100 : -1)
    expect(wallet.json().transactions).toEqual([
      expect.objectContaining({ type: 'credit', note: GONE_REASON, listing_id: GONE_LISTING }),
    ])
  })
})

describe('partial, over-, hand-marked and invalid payments', () => {
  it('reports a partial payment and what is still due, and fulfils nothing', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 10 })
    fake.setStatus(invoiceId, 'New', 'PaidPartial', 0.25)
    expect((await status(chargeId)).json()).toMatchObject({
      status: 'NEW',
      partially_paid: true,
      amount_due_cad: 7.5,
    })
    fake.setStatus(invoiceId, 'Expired', 'PaidPartial', 0.25)
    expect((await status(chargeId)).json().status).toBe('EXPIRED')
    expect(await balanceCents(m.id)).toBe(0)
    expect((await chargeRow(chargeId))?.attention).toBe('partial')
  })

  it('fulfils an overpaid or hand-marked settled invoice once and flags it', async () => {
    const m = await member()
    const over = await charge(m, { chargeType: 'topup', amount: 5 })
    const marked = await charge(m, { chargeType: 'topup', amount: 6 })
    fake.setStatus(over.invoiceId, 'Settled', 'PaidOver', 1.2)
    fake.setStatus(marked.invoiceId, 'Settled', 'Marked')
    await status(over.chargeId)
    await status(marked.chargeId)
    await status(over.chargeId)
    expect(await balanceCents(m.id)).toBe(1100)
    expect((await chargeRow(over.chargeId))?.attention).toBe('paid_over')
    expect((await chargeRow(marked.chargeId))?.attention).toBe('marked')
  })

  it('never fulfils an invalid invoice, marked by hand or not', async () => {
    const m = await member()
    const plain = await charge(m, { chargeType: 'topup', amount: 5 })
    const marked = await charge(m, { chargeType: 'topup', amount: 5 })
    fake.setStatus(plain.invoiceId, 'Invalid', 'Invalid')
    fake.setStatus(marked.invoiceId, 'Invalid', 'Marked')
    expect((await status(plain.chargeId)).json().status).toBe('INVALID')
    expect((await status(marked.chargeId)).json().status).toBe('INVALID')
    expect(await balanceCents(m.id)).toBe(0)
    expect((await chargeRow(plain.chargeId))?.attention).toBe('invalid')
  })
})

describe('payment methods', () => {
  it('asks for BTC and LTC, eagerly, and shows their addresses on a lazy store', async () => {
    const m = await member()
    const { body } = await charge(m, { chargeType: 'topup', amount: 5 })
    const create = fake.requests.find((r) => r.method === 'POST')
    expect(create?.body).toMatchObject({
      checkout: { lazyPaymentMethods: false, paymentMethods: ['BTC', 'LTC'] },
    })
    expect(body.addresses).toEqual({ bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS })
  })

  it('activates a method that still has no address, and never shows an empty one', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    const invoice = fake.invoices.get(invoiceId)
    if (!invoice) throw new Error('no invoice')
    // a BTCPay that ignored the invoice's lazyPaymentMethods: false
    invoice.checkout.lazyPaymentMethods = true
    fake.requests.length = 0
    const shown = (await status(chargeId)).json()
    expect(shown.addresses).toEqual({ bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS })
    expect(fake.requests.filter((r) => r.path.endsWith('/activate')).map((r) => r.path)).toEqual([
      `/api/v1/stores/${STORE_ID}/invoices/${invoiceId}/payment-methods/BTC-CHAIN/activate`,
      `/api/v1/stores/${STORE_ID}/invoices/${invoiceId}/payment-methods/LTC-CHAIN/activate`,
    ])
    invoice.activated.clear()
    fake.setStatus(invoiceId, 'Expired')
    const expired = (await status(chargeId)).json()
    expect(expired.addresses).toEqual({ bitcoin: null, litecoin: null })
    expect(expired.uris).toEqual({ bitcoin: null, litecoin: null })
  })

  it('reads BTCPAY_PAYMENT_METHODS as a list of upper-case names, BTC and LTC by default', () => {
    expect(loadConfig({}).BTCPAY_PAYMENT_METHODS).toEqual(['BTC', 'LTC'])
    expect(loadConfig({ BTCPAY_PAYMENT_METHODS: 'btc, ltc-chain,' }).BTCPAY_PAYMENT_METHODS).toEqual([
      'BTC',
      'LTC-CHAIN',
    ])
  })

  it('answers 502 naming the payment method the store refused', async () => {
    const refusing = await startFakeGreenfield({
      apiKey: API_KEY,
      storeId: STORE_ID,
      webhookSecret: SECRET,
      refusedMethods: ['LTC'],
    })
    try {
      const provider = new BtcpayProvider({
        url: refusing.url,
        apiKey: API_KEY,
        storeId: STORE_ID,
        webhookSecret: SECRET,
        paymentMethods: ['BTC', 'LTC'],
      })
      const m = await member()
      const service = new PaymentsService(t.db, provider)
      const input = {
        userId: m.id,
        chargeType: 'bump',
        amountCents: 100,
        description: 'Bump',
        listingId: null,
        draft: null,
      } as const
      await expect(service.createCharge(input)).rejects.toMatchObject({
        statusCode: 502,
        message: expect.stringMatching(/refused payment method LTC.*BTCPAY_PAYMENT_METHODS/),
      })
    } finally {
      await refusing.close()
    }
  })
})

describe('invoice paths', () => {
  it('reads invoices on the unscoped path where the server offers it', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    fake.requests.length = 0
    await status(chargeId)
    expect(fake.requests.map((r) => r.path)).toEqual([
      `/api/v1/invoices/${invoiceId}`,
      `/api/v1/invoices/${invoiceId}/payment-methods`,
    ])
  })

  it('falls back to the store-scoped path on a server without the unscoped one, and stays there', async () => {
    const scopedOnly = await startFakeGreenfield({
      apiKey: API_KEY,
      storeId: STORE_ID,
      webhookSecret: SECRET,
    })
    try {
      const provider = new BtcpayProvider({
        url: scopedOnly.url,
        apiKey: API_KEY,
        storeId: STORE_ID,
        webhookSecret: SECRET,
      })
      const created = await provider.createCharge({
        chargeId: 'ch_a',
        amountCents: 500,
        description: 'x',
        chargeType: 'topup',
      })
      scopedOnly.setStatus(created.invoiceId, 'Settled')
      expect((await provider.getCharge(created.invoiceId)).status).toBe('COMPLETED')
      scopedOnly.requests.length = 0
      await provider.getCharge(created.invoiceId)
      expect(scopedOnly.requests.map((r) => r.path)).toEqual([
        `/api/v1/stores/${STORE_ID}/invoices/${created.invoiceId}`,
        `/api/v1/stores/${STORE_ID}/invoices/${created.invoiceId}/payment-methods`,
      ])
    } finally {
      await scopedOnly.close()
    }
  })
})

describe('the admin list of charges that need a look', () => {
  it('lists partial, invalid and late charges with their provider ids, and refuses non-admins', async () => {
    const m = await member()
    const late = await charge(m, { chargeType: 'topup', amount: 5 })
    const partial = await charge(m, { chargeType: 'topup', amount: 5 })
    const invalid = await charge(m, { chargeType: 'bump', listingId: 'ad-1' })
    const fine = await charge(m, { chargeType: 'topup', amount: 5 })
    fake.setStatus(late.invoiceId, 'Expired', 'PaidLate', 1)
    fake.setStatus(partial.invoiceId, 'New', 'PaidPartial', 0.5)
    fake.setStatus(invalid.invoiceId, 'Invalid')
    fake.setStatus(fine.invoiceId, 'Settled')
    for (const c of [late, partial, invalid, fine]) await status(c.chargeId)
    const token = await createAdminSession(t.db, 'admin')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/attention',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    const listed = res.json().charges as { charge_id: string }[]
    expect(listed).toHaveLength(3)
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          charge_id: late.chargeId,
          provider_invoice_id: late.invoiceId,
          attention: 'paid_late',
          fulfilled: true,
        }),
        expect.objectContaining({
          charge_id: partial.chargeId,
          provider_invoice_id: partial.invoiceId,
          attention: 'partial',
          fulfilled: false,
        }),
        expect.objectContaining({ charge_id: invalid.chargeId, provider: 'btcpay', attention: 'invalid' }),
      ]),
    )
    const member401 = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/attention',
      headers: m.auth,
    })
    expect(member401.statusCode).toBe(401)
    expect(member401.json().detail).toEqual(expect.any(String))
  })
})
