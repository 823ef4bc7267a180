import { beforeAll, describe, expect, it } from 'vitest'
import { BtcpayProvider, mapBtcpayStatus } from '#server/services/payments/btcpay-provider.ts'
import { adRow, createAd, liveAd, type Member } from '#tests/support/ads.ts'
import { STORE, setupBtcpayApp } from '#tests/support/btcpay-app.ts'
import { FAKE_BTC_ADDRESS, FAKE_LTC_ADDRESS, startFakeGreenfield } from '#tests/support/fake-greenfield.ts'
import { listen } from '#tests/support/listening-app.ts'

// The real Greenfield client and the real signature check, against a loopback BTCPay stand-in.

const btcpay = setupBtcpayApp()
const { member, charge, status, deliver, balanceCents, ledger, invoiceOf } = btcpay
let base: string

beforeAll(async () => {
  base = await listen(btcpay.t)
})

const topup = (m: Member, amount: number) =>
  charge(m, { chargeType: 'topup', amount, description: 'Wallet top-up' })

describe('Greenfield client', () => {
  it('creates a CAD invoice with our charge id and reads its BTC and LTC payment methods', async () => {
    const m = await member()
    const { body, invoiceId } = await topup(m, 12.34)
    const create = btcpay.fake.requests.find((r) => r.method === 'POST')
    expect(create?.path).toBe(`/api/v1/stores/${STORE.storeId}/invoices`)
    expect(create?.authorization).toBe(`token ${STORE.apiKey}`)
    expect(create?.body).toMatchObject({
      amount: '12.34',
      currency: 'CAD',
      metadata: { orderId: body.charge_id, chargeType: 'topup' },
    })
    expect(btcpay.fake.requests.some((r) => r.path.endsWith(`/invoices/${invoiceId}/payment-methods`))).toBe(
      true,
    )
    expect(body).toMatchObject({
      status: 'NEW',
      amount_cad: 12.34,
      hosted_url: `${btcpay.fake.url}/i/${invoiceId}`,
      addresses: { bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS },
    })
    expect(body.uris.bitcoin).toMatch(new RegExp(`^bitcoin:${FAKE_BTC_ADDRESS}\\?amount=`))
    expect(body.uris.litecoin).toMatch(new RegExp(`^litecoin:${FAKE_LTC_ADDRESS}\\?amount=`))
  })

  it('reads BTCPay 1.x payment method names too', async () => {
    const v1 = await startFakeGreenfield({
      ...STORE,
      paymentMethodStyle: 'v1',
    })
    try {
      const provider = new BtcpayProvider({ ...STORE, url: v1.url })
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
    btcpay.fake.setStatus(invoiceId, 'Processing')
    expect((await status(chargeId)).json().status).toBe('PENDING')
    expect(await balanceCents(m.id)).toBe(0)
    btcpay.fake.setStatus(invoiceId, 'Settled')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect(await balanceCents(m.id)).toBe(500)
  })

  it('confirms a settled top-up through /wallet/topup/confirm and refuses an expired one', async () => {
    const m = await member()
    const paid = await topup(m, 5)
    const expired = await topup(m, 5)
    btcpay.fake.setStatus(paid.invoiceId, 'Settled')
    btcpay.fake.setStatus(expired.invoiceId, 'Expired')
    const confirm = (chargeId: string) =>
      btcpay.t.app.inject({
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
    btcpay.fake.setDown(true)
    const down = await status(chargeId)
    expect(down.statusCode).toBe(502)
    expect(down.json().detail).toMatch(/Payment provider unavailable/)
    const create = await btcpay.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'post', listingId: await createAd(btcpay.t, m) },
    })
    expect(create.statusCode).toBe(502)
    btcpay.fake.setDown(false)
    btcpay.fake.setStatus(invoiceId, 'Settled')
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
  })
})

describe('BTCPay webhooks', () => {
  it('credits a settled top-up on a signed webhook sent over HTTP', async () => {
    const m = await member()
    const { invoiceId } = await topup(m, 8)
    btcpay.fake.setStatus(invoiceId, 'Settled')
    const hook = btcpay.fake.webhook(invoiceId, 'InvoiceSettled')
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
    btcpay.fake.setStatus(invoiceId, 'Settled')
    const forged = btcpay.fake.webhook(invoiceId, 'InvoiceSettled', { secret: 'not-the-secret' })
    const res = await deliver(forged)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Invalid webhook signature', code: 'payment.webhook_signature' })
    const good = btcpay.fake.webhook(invoiceId, 'InvoiceSettled')
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
    const res = await deliver(btcpay.fake.webhook(invoiceId, 'InvoiceSettled'))
    expect(res.statusCode).toBe(200)
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('credits once for a delivery replayed five times racing with status polls', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await topup(m, 5)
    btcpay.fake.setStatus(invoiceId, 'Settled')
    const hook = btcpay.fake.webhook(invoiceId, 'InvoiceSettled')
    const redelivery = btcpay.fake.webhook(invoiceId, 'InvoiceSettled', {
      originalDeliveryId: hook.deliveryId,
    })
    const results = await Promise.all([
      ...Array.from({ length: 4 }, () => deliver(hook)),
      deliver(redelivery),
      ...Array.from({ length: 5 }, () => status(chargeId)),
    ])
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(results.slice(0, 5).filter((r) => r.json().duplicate === false)).toHaveLength(1)
    expect(await balanceCents(m.id)).toBe(500)
    const rows = await ledger(m.id)
    expect(rows).toHaveLength(1)
  })

  it('records a crypto-paid bump fee without touching the balance', async () => {
    const m = await member()
    const listingId = await liveAd(btcpay.t, m)
    const created = await btcpay.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'bump', listingId, amount: 1, description: 'Bump fee' },
    })
    const invoice = invoiceOf(created.json().charge_id)
    if (!invoice) throw new Error('no invoice')
    expect(invoice.amount).toBe('1.00')
    btcpay.fake.setStatus(invoice.id, 'Settled')
    await deliver(btcpay.fake.webhook(invoice.id, 'InvoiceSettled'))
    // besides the wallet-paid posting fee that published the ad
    const rows = (await ledger(m.id)).filter((row) => row.method === 'crypto')
    expect(rows).toEqual([
      expect.objectContaining({ type: 'bump', method: 'crypto', amountCents: 100, listingId }),
    ])
    expect(await balanceCents(m.id)).toBe(0)
    expect((await adRow(btcpay.t, listingId))?.bumpedAt).toBeInstanceOf(Date)
  })

  it('answers 400 for a signed body that is not a webhook event', async () => {
    const body = JSON.stringify({ hello: 'world' })
    const { createHmac } = await import('node:crypto')
    const sig = `sha256=${createHmac('sha256', STORE.webhookSecret).update(body).digest('hex')}`
    const res = await deliver({ body, headers: { 'content-type': 'application/json', 'btcpay-sig': sig } })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it('answers 404 on the sandbox routes while BTCPay is the provider', async () => {
    expect(
      (await btcpay.t.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_x' })).statusCode,
    ).toBe(404)
    const res = await btcpay.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(res.statusCode).toBe(404)
  })
})
