import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cryptoCharges, webhookDeliveries } from '#server/db/schema/payments.ts'
import { refusal } from '#server/errors.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { signBody } from '#server/services/payments/signature.ts'
import { member } from '#tests/support/ads.ts'
import { createTestApp, setupTestApp, type TestApp } from '#tests/support/api-app.ts'
import { chargeStatus, createCharge, invoicePath, sandboxWebhook } from '#tests/support/sandbox-payments.ts'
import { balanceCents, ledger } from '#tests/support/wallet.ts'

// The sandbox provider's hosted page and signed webhook, and its simulate buttons refused in
// production.

const api = setupTestApp()

describe('sandbox hosted page', () => {
  it('renders a self-contained page with the amount, addresses and both simulate buttons', async () => {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount: 5 })).json()
    const res = await api.t.app.inject({ method: 'GET', url: invoicePath(created.hosted_url) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['content-security-policy']).toMatch(/default-src 'self'/)
    const html = res.body
    expect(html).toContain('$5.00')
    expect(html).toContain(created.addresses.bitcoin)
    expect(html).toContain(created.addresses.litecoin)
    expect(html).toContain('Simulate payment')
    expect(html).toContain('Simulate expiry')
    expect(html).not.toMatch(/<script|<link|src="http/)
  })

  it('speaks the visitor’s language: statuses and buttons in words, each coin’s amount as text', async () => {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount: 5 })).json()
    const res = await api.t.app.inject({
      method: 'GET',
      url: invoicePath(created.hosted_url),
      headers: { 'accept-language': 'fr-CA,fr;q=0.9' },
    })
    const html = res.body
    expect(html).toContain('<html lang="fr-CA">')
    expect(html).toContain('5,00\u00a0$')
    expect(html).toContain('Statut : <span class="status" data-status="NEW">En attente du paiement</span>')
    expect(html).toContain('Simuler le paiement')
    expect(html).not.toMatch(/Simulate|Status:|>NEW</)
    const btc = /amount=([\d.]+)/.exec(created.uris.bitcoin ?? '')?.[1]
    expect(btc).toBeTruthy()
    expect(html).toContain(`${btc} BTC`)
  })

  it('Simulate payment redirects back to a page showing COMPLETED and credits the top-up', async () => {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount: 6 })).json()
    const path = invoicePath(created.hosted_url)
    const res = await api.t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(path)
    const page = await api.t.app.inject({ method: 'GET', url: path })
    expect(page.body).toContain('data-status="COMPLETED"')
    expect(page.body).not.toContain('Simulate payment')
    expect(await balanceCents(api.t, m.id)).toBe(600)
  })

  it('Simulate expiry redirects back to a page showing EXPIRED', async () => {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount: 6 })).json()
    const path = invoicePath(created.hosted_url)
    expect((await api.t.app.inject({ method: 'POST', url: `${path}/expire` })).statusCode).toBe(303)
    expect((await api.t.app.inject({ method: 'GET', url: path })).body).toContain('data-status="EXPIRED"')
  })

  it('answers 404 for an unknown invoice', async () => {
    expect(
      (await api.t.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_nope' })).statusCode,
    ).toBe(404)
    expect(
      (await api.t.app.inject({ method: 'POST', url: '/api/payments/sandbox/sbx_nope/pay' })).statusCode,
    ).toBe(404)
  })

  it('answers 404 for an invoice id with a NUL character', async () => {
    for (const [method, url] of [
      ['GET', '/api/payments/sandbox/sbx_%00'],
      ['POST', '/api/payments/sandbox/sbx_%00/pay'],
      ['POST', '/api/payments/sandbox/sbx_%00/expire'],
    ] as const) {
      const res = await api.t.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toEqual({ detail: 'Invoice not found', code: 'payment.invoice_not_found' })
    }
  })
})

describe('sandbox webhook', () => {
  async function paidTopup(amount: number) {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount })).json()
    const [row] = await api.t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, created.charge_id))
    if (!row) throw new Error('no charge')
    // pays at the "processor" without sending its webhook
    await new SandboxProvider(
      api.t.db,
      api.t.config.PUBLIC_URL,
      api.t.config.SANDBOX_WEBHOOK_SECRET,
    ).simulate(row.providerInvoiceId, 'COMPLETED')
    return { m, chargeId: created.charge_id as string, invoiceId: row.providerInvoiceId }
  }

  it('refuses a bad or missing signature with 401 and credits nothing', async () => {
    const { m, invoiceId } = await paidTopup(5)
    const forged = sandboxWebhook(api.t, invoiceId, 'd1', 'wrong-secret')
    const res = await api.t.app.inject(forged)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Invalid webhook signature', code: 'payment.webhook_signature' })
    const unsigned = await api.t.app.inject({ ...forged, headers: { 'content-type': 'application/json' } })
    expect(unsigned.statusCode).toBe(401)
    expect(await balanceCents(api.t, m.id)).toBe(0)
  })

  it('checks the signature over the raw bytes: a re-serialised body fails', async () => {
    const { invoiceId } = await paidTopup(5)
    const hook = sandboxWebhook(api.t, invoiceId)
    const spaced = JSON.stringify(JSON.parse(hook.payload), null, 2)
    expect((await api.t.app.inject({ ...hook, payload: spaced })).statusCode).toBe(401)
    expect((await api.t.app.inject(hook)).statusCode).toBe(200)
  })

  it('answers 400 for a signed body that is not an event', async () => {
    const body = '{"hello":'
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-sig': signBody(api.t.config.SANDBOX_WEBHOOK_SECRET, body),
      },
      payload: body,
    })
    expect(res.statusCode).toBe(400)
  })

  it('credits once when the same delivery arrives five times racing with status polls', async () => {
    const { m, chargeId, invoiceId } = await paidTopup(5)
    const hook = sandboxWebhook(api.t, invoiceId, 'delivery-1')
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => api.t.app.inject(hook)),
      ...Array.from({ length: 5 }, () => chargeStatus(api.t, chargeId)),
    ])
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(results.slice(0, 5).filter((r) => r.json().duplicate === false)).toHaveLength(1)
    expect(await balanceCents(api.t, m.id)).toBe(500)
    expect(await ledger(api.t, m.id)).toHaveLength(1)
    const deliveries = await api.t.db.select().from(webhookDeliveries)
    expect(deliveries).toHaveLength(1)
  })

  it('credits once for distinct deliveries of the same settled invoice', async () => {
    const { m, invoiceId } = await paidTopup(5)
    await Promise.all(Array.from({ length: 5 }, () => api.t.app.inject(sandboxWebhook(api.t, invoiceId))))
    expect(await balanceCents(api.t, m.id)).toBe(500)
    expect(await ledger(api.t, m.id)).toHaveLength(1)
  })

  it.each([
    [
      'a NUL character in the delivery id',
      { deliveryId: 'd\u00001', type: 'InvoiceSettled', invoiceId: 'sbx_x' },
    ],
    [
      'a NUL character in the invoice id',
      { deliveryId: 'd1', type: 'InvoiceSettled', invoiceId: 'sbx_\u0000' },
    ],
    [
      'an over-long delivery id',
      { deliveryId: randomUUID().repeat(300), type: 'InvoiceSettled', invoiceId: 'sbx_x' },
    ],
  ])('refuses a signed body with %s as malformed (400), recording nothing', async (_case, event) => {
    const body = JSON.stringify(event)
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-sig': signBody(api.t.config.SANDBOX_WEBHOOK_SECRET, body),
      },
      payload: body,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Malformed webhook body', code: 'payment.webhook_malformed' })
    expect(await api.t.db.select().from(webhookDeliveries)).toHaveLength(0)
  })

  it('acknowledges an event for an invoice it does not know', async () => {
    const res = await api.t.app.inject(sandboxWebhook(api.t, 'sbx_unknown'))
    expect(res.statusCode).toBe(200)
  })

  it('answers 404 on the btcpay webhook while the sandbox is the provider', async () => {
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/btcpay',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json().detail).toMatch(/not enabled/)
  })
})

describe('sandbox in production', () => {
  let prod: TestApp

  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'prod-secret',
    })
  })
  afterAll(() => prod.close())

  async function openInvoice() {
    const provider = new SandboxProvider(prod.db, prod.config.PUBLIC_URL, prod.config.SANDBOX_WEBHOOK_SECRET)
    const charge = await provider.createCharge({
      chargeId: `ch_${randomUUID()}`,
      amountCents: 500,
      description: 'Wallet top-up $5.00',
      chargeType: 'topup',
    })
    return { provider, invoiceId: charge.invoiceId, path: invoicePath(charge.hostedUrl) }
  }

  it.each(['pay', 'expire'])('refuses Simulate %s with 403 and leaves the invoice open', async (action) => {
    const { provider, invoiceId, path } = await openInvoice()
    const res = await prod.app.inject({
      method: 'POST',
      url: `${path}/${action}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(refusal('payment.simulate_disabled'))
    expect((await provider.getInvoice(invoiceId))?.status).toBe('NEW')
  })

  it('refuses even for an unknown invoice, so the answer tells nothing about which exist', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/payments/sandbox/sbx_nope/pay' })
    expect(res.statusCode).toBe(403)
  })
})
