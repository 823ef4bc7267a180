import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { BtcpayProvider, mapBtcpayStatus } from '#server/services/payments/btcpay-provider.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import {
  FAKE_BTC_ADDRESS,
  FAKE_LTC_ADDRESS,
  type FakeGreenfield,
  startFakeGreenfield,
} from '#tests/support/fake-greenfield.ts'

// The real Greenfield client and the real signature check, against a loopback BTCPay stand-in.

const API_KEY = 'test-api-key'
const STORE_ID = 'Store1234'
const SECRET = 'webhook-secret-for-tests'

let fake: FakeGreenfield
let t: TestApp
let base: string

beforeAll(async () => {
  fake = await startFakeGreenfield({ apiKey: API_KEY, storeId: STORE_ID, webhookSecret: SECRET })
  t = await createTestApp({
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: fake.url,
    BTCPAY_API_KEY: API_KEY,
    BTCPAY_STORE_ID: STORE_ID,
    BTCPAY_WEBHOOK_SECRET: SECRET,
  })
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
})
afterAll(async () => {
  await t?.close()
  await fake?.close()
})
beforeEach(async () => {
  await t.reset()
  fake.setDown(false)
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

async function topup(m: Member, amount: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payments/crypto/charge',
    headers: m.auth,
    payload: { chargeType: 'topup', amount, description: 'Wallet top-up' },
  })
  expect(res.statusCode).toBe(200)
  const body = res.json()
  const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === body.charge_id)
  if (!invoice) throw new Error('no invoice at the fake')
  return { chargeId: body.charge_id as string, invoiceId: invoice.id, body }
}

function status(chargeId: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` })
}

function deliver(hook: { body: string; headers: Record<string, string> }) {
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

describe('Greenfield client', () => {
  it('creates a CAD invoice with our charge id and reads its BTC and LTC payment methods', async () => {
    const m = await member()
    const { body, invoiceId } = await topup(m, 12.34)
    const create = fake.requests.find((r) => r.method === 'POST')
    expect(create?.path).toBe(`/api/v1/stores/${STORE_ID}/invoices`)
    expect(create?.authorization).toBe(`token ${API_KEY}`)
    expect(create?.body).toMatchObject({
      amount: '12.34',
      currency: 'CAD',
      metadata: { orderId: body.charge_id, chargeType: 'topup' },
    })
    expect(fake.requests.some((r) => r.path.endsWith(`/invoices/${invoiceId}/payment-methods`))).toBe(true)
    expect(body).toMatchObject({
      status: 'NEW',
      amount_cad: 12.34,
      hosted_url: `${fake.url}/i/${invoiceId}`,
      addresses: { bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS },
    })
    expect(body.uris.bitcoin).toMatch(new RegExp(`^bitcoin:${FAKE_BTC_ADDRESS}\\?amount=`))
    expect(body.uris.litecoin).toMatch(new RegExp(`^litecoin:${FAKE_LTC_ADDRESS}\\?amount=`))
  })

  it('reads BTCPay 1.x payment method names too', async () => {
    const v1 = await startFakeGreenfield({
      apiKey: API_KEY,
      storeId: STORE_ID,
      webhookSecret: SECRET,
      paymentMethodStyle: 'v1',
    })
    try {
      const provider = new BtcpayProvider({
        url: v1.url,
        apiKey: API_KEY,
        storeId: STORE_ID,
        webhookSecret: SECRET,
      })
      const charge = await provider.createCharge({
        chargeId: 'ch_x',
        amountCents: 200,
        description: 'Posting fee',
        chargeType: 'post',
      })
      expect(charge.addresses).toEqual({ bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS })
      expect(charge.uris.bitcoin).toMatch(/^bitcoin:/)
    } finally {
      await v1.close()
    }
  })

  it('maps Greenfield statuses onto the spec words, never treating an unknown one as paid', () => {
    expect(
      ['New', 'Processing', 'Settled', 'Expired', 'Invalid', 'Weird', undefined].map(mapBtcpayStatus),
    ).toEqual(['NEW', 'PENDING', 'COMPLETED', 'EXPIRED', 'INVALID', 'PENDING', 'PENDING'])
  })

  it('follows the invoice through Processing to Settled and fulfils once', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await topup(m, 5)
    fake.setStatus(invoiceId, 'Processing')
    expect((await status(chargeId)).json().status).toBe('PENDING')
    expect(await balanceCents(m.id)).toBe(0)
    fake.setStatus(invoiceId, 'Settled')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect(await balanceCents(m.id)).toBe(500)
  })

  it('confirms a settled top-up through /wallet/topup/confirm and refuses an expired one', async () => {
    const m = await member()
    const paid = await topup(m, 5)
    const expired = await topup(m, 5)
    fake.setStatus(paid.invoiceId, 'Settled')
    fake.setStatus(expired.invoiceId, 'Expired')
    const confirm = (chargeId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/topup/confirm',
        headers: m.auth,
        payload: { charge_id: chargeId },
      })
    expect((await confirm(paid.chargeId)).json()).toEqual({ credited: true, balance_cad: 5 })
    const refused = await confirm(expired.chargeId)
    expect(refused.statusCode).toBe(409)
    expect(refused.json().detail).toMatch(/status EXPIRED/)
    expect(await balanceCents(m.id)).toBe(500)
  })

  it('answers 502 with a detail when BTCPay is down, and the charge still settles later', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await topup(m, 5)
    fake.setDown(true)
    const down = await status(chargeId)
    expect(down.statusCode).toBe(502)
    expect(down.json().detail).toMatch(/Payment provider unavailable/)
    const create = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'bump' },
    })
    expect(create.statusCode).toBe(502)
    fake.setDown(false)
    fake.setStatus(invoiceId, 'Settled')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
  })
})

describe('BTCPay webhooks', () => {
  it('credits a settled top-up on a signed webhook sent over HTTP', async () => {
    const m = await member()
    const { invoiceId } = await topup(m, 8)
    fake.setStatus(invoiceId, 'Settled')
    const hook = fake.webhook(invoiceId, 'InvoiceSettled')
    const res = await fetch(`${base}/api/payments/webhooks/btcpay`, {
      method: 'POST',
      headers: hook.headers,
      body: hook.body,
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true, duplicate: false })
    expect(await balanceCents(m.id)).toBe(800)
  })

  it('refuses a bad signature with 401 and credits nothing', async () => {
    const m = await member()
    const { invoiceId } = await topup(m, 5)
    fake.setStatus(invoiceId, 'Settled')
    const forged = fake.webhook(invoiceId, 'InvoiceSettled', { secret: 'not-the-secret' })
    const res = await deliver(forged)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Invalid webhook signature' })
    const good = fake.webhook(invoiceId, 'InvoiceSettled')
    const tampered = await deliver({
      body: good.body.replace('InvoiceSettled', 'InvoiceSettlex'),
      headers: good.headers,
    })
    expect(tampered.statusCode).toBe(401)
    const missing = await deliver({ body: good.body, headers: { 'content-type': 'application/json' } })
    expect(missing.statusCode).toBe(401)
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('does not credit on a signed webhook while BTCPay says the invoice is not settled', async () => {
    const m = await member()
    const { invoiceId } = await topup(m, 5)
    const res = await deliver(fake.webhook(invoiceId, 'InvoiceSettled'))
    expect(res.statusCode).toBe(200)
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('credits once for a delivery replayed five times racing with status polls', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await topup(m, 5)
    fake.setStatus(invoiceId, 'Settled')
    const hook = fake.webhook(invoiceId, 'InvoiceSettled')
    const redelivery = fake.webhook(invoiceId, 'InvoiceSettled', { originalDeliveryId: hook.deliveryId })
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(hook)),
      deliver(redelivery),
      ...Array.from({ length: 5 }, () => status(chargeId)),
    ])
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(results.slice(0, 5).filter((r) => r.json().duplicate === false)).toHaveLength(1)
    expect(await balanceCents(m.id)).toBe(500)
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.id))
    expect(rows).toHaveLength(1)
  })

  it('records a crypto-paid bump fee without touching the balance', async () => {
    const m = await member()
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'bump', listingId: 'ad-1', amount: 1, description: 'Bump fee' },
    })
    const invoice = [...fake.invoices.values()].find((i) => i.metadata.orderId === created.json().charge_id)
    if (!invoice) throw new Error('no invoice')
    expect(invoice.amount).toBe('1.00')
    fake.setStatus(invoice.id, 'Settled')
    await deliver(fake.webhook(invoice.id, 'InvoiceSettled'))
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.id))
    expect(rows).toEqual([
      expect.objectContaining({ type: 'bump', method: 'crypto', amountCents: 100, listingId: 'ad-1' }),
    ])
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('answers 400 for a signed body that is not a webhook event', async () => {
    const body = JSON.stringify({ hello: 'world' })
    const { createHmac } = await import('node:crypto')
    const sig = `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`
    const res = await deliver({ body, headers: { 'content-type': 'application/json', 'btcpay-sig': sig } })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it('answers 404 on the sandbox routes while BTCPay is the provider', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_x' })).statusCode).toBe(404)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(res.statusCode).toBe(404)
  })
})
