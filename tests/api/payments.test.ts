import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_DRAFT_BYTES } from '#domain/api/payments.ts'
import { cryptoCharges, webhookDeliveries } from '#server/db/schema/payments.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { SANDBOX_SIMULATE_DISABLED_DETAIL } from '#server/routes/payments.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { segwitV0Address } from '#server/services/payments/addresses.ts'
import { PaymentsService } from '#server/services/payments/charges.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { signBody } from '#server/services/payments/signature.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

const BECH32 = '[02-9ac-hj-np-z]'
const BTC_ADDRESS = new RegExp(`^bc1q${BECH32}{38}$`)
const LTC_ADDRESS = new RegExp(`^ltc1q${BECH32}{38}$`)

async function member() {
  const [user] = await t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  const token = await createSession(t.db, user.id)
  return { id: user.id, auth: { authorization: `Bearer ${token}` } }
}

type Member = Awaited<ReturnType<typeof member>>

async function createCharge(m: Member, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/payments/crypto/charge', headers: m.auth, payload })
}

function status(chargeId: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` })
}

function invoicePath(hostedUrl: string): string {
  return new URL(hostedUrl).pathname
}

async function balanceCents(userId: string) {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

async function ledger(userId: string) {
  return t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))
}

function sandboxWebhook(
  invoiceId: string,
  deliveryId: string = randomUUID(),
  secret = t.config.SANDBOX_WEBHOOK_SECRET,
) {
  const body = JSON.stringify({ deliveryId, type: 'InvoiceSettled', invoiceId })
  return {
    method: 'POST' as const,
    url: '/api/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'sandbox-sig': signBody(secret, body) },
    payload: body,
  }
}

describe('sandbox addresses', () => {
  it('encodes bech32 like BIP173 (its P2WPKH test vector)', () => {
    const program = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')
    expect(segwitV0Address('bc', program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
  })
})

describe('POST /api/payments/crypto/charge', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      payload: { chargeType: 'post', amount: 2 },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it('prices a post at $2 and a bump at $1 whatever amount the client sends', async () => {
    const m = await member()
    const post = await createCharge(m, { amount: 0.01, description: 'Posting fee', chargeType: 'post' })
    const bump = await createCharge(m, {
      amount: 500,
      description: 'Bump',
      chargeType: 'bump',
      listingId: 'ad-3',
    })
    expect(post.statusCode).toBe(200)
    expect(post.json().amount_cad).toBe(2)
    expect(bump.json().amount_cad).toBe(1)
  })

  it('answers the charge id, hosted page, NEW status, addresses and BIP21 URIs', async () => {
    const m = await member()
    const res = await createCharge(m, { amount: 2, description: 'Posting fee', chargeType: 'post' })
    const body = res.json()
    expect(body.charge_id).toMatch(/^ch_[A-Za-z0-9_-]{24}$/)
    expect(body.status).toBe('NEW')
    expect(body.charge_type).toBe('post')
    expect(body.hosted_url).toMatch(/\/api\/payments\/sandbox\/sbx_/)
    expect(body.addresses.bitcoin).toMatch(BTC_ADDRESS)
    expect(body.addresses.litecoin).toMatch(LTC_ADDRESS)
    expect(body.uris.bitcoin).toMatch(
      new RegExp(`^bitcoin:${body.addresses.bitcoin}\\?amount=0\\.\\d{8}&label=`),
    )
    expect(body.uris.litecoin).toMatch(
      new RegExp(`^litecoin:${body.addresses.litecoin}\\?amount=0\\.\\d{8}&label=`),
    )
  })

  it('gives every charge its own id and addresses', async () => {
    const m = await member()
    const a = (await createCharge(m, { chargeType: 'bump' })).json()
    const b = (await createCharge(m, { chargeType: 'bump' })).json()
    expect(a.charge_id).not.toBe(b.charge_id)
    expect(a.addresses.bitcoin).not.toBe(b.addresses.bitcoin)
  })

  it('takes a topup amount in dollars and refuses less than $5', async () => {
    const m = await member()
    const ok = await createCharge(m, { amount: 7.5, description: 'Top-up', chargeType: 'topup' })
    expect(ok.json().amount_cad).toBe(7.5)
    const low = await createCharge(m, { amount: 4, description: 'Top-up', chargeType: 'topup' })
    expect(low.statusCode).toBe(400)
    expect(low.json()).toEqual({ detail: 'Minimum load is $5' })
    expect((await createCharge(m, { chargeType: 'topup' })).statusCode).toBe(400)
  })

  it('keeps the draft with the charge in the database', async () => {
    const m = await member()
    const draft = { title: 'Hello', province: 'ON', city: 'Toronto', images: ['/stock/a.jpg'] }
    const res = await createCharge(m, {
      chargeType: 'post',
      amount: 2,
      description: 'x',
      metadata: { draft },
    })
    const [row] = await t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, res.json().charge_id))
    expect(row?.draft).toEqual(draft)
    expect(row?.userId).toBe(m.id)
  })

  it('refuses a draft that is too large with 413', async () => {
    const m = await member()
    const draft = { description: 'x'.repeat(MAX_DRAFT_BYTES + 1) }
    const res = await createCharge(m, { chargeType: 'post', metadata: { draft } })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toMatch(/draft is too large/i)
  })

  it.each([
    ['a NUL character', { title: 'a\u0000b' }, /cannot be stored/],
    ['a NUL character in a key', { 'a\u0000': 1 }, /cannot be stored/],
    ['an unpaired surrogate', { title: '\ud800' }, /cannot be stored/],
    ['nesting past the limit', JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`), /nested too deeply/],
  ])('refuses a draft jsonb cannot store (%s) with 400 and keeps no charge', async (_case, draft, detail) => {
    const m = await member()
    const res = await createCharge(m, { chargeType: 'post', metadata: { draft } })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(detail)
    expect(await t.db.select().from(cryptoCharges)).toHaveLength(0)
  })

  it('refuses a draft nested deeper than JSON.stringify can recurse with 400', async () => {
    const m = await member()
    const depth = 200_000
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: { ...m.auth, 'content-type': 'application/json' },
      payload: `{"chargeType":"post","metadata":{"draft":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/nested too deeply/)
  })

  it('keeps a draft whose text merely looks like an escape', async () => {
    const m = await member()
    const draft = { title: 'backslash-u: \\u0000 \\ud800', emoji: '😀' }
    const res = await createCharge(m, { chargeType: 'post', metadata: { draft } })
    expect(res.statusCode).toBe(200)
  })

  it.each([
    [{ chargeType: 'post', description: 'a\u0000b' }],
    [{ chargeType: 'post', listingId: 'ad\u00001' }],
    [{}],
    [{ chargeType: 'gift' }],
    [{ chargeType: 'post', amount: 'two' }],
    [{ chargeType: 'post', metadata: 5 }],
  ])('answers 400 with a detail for %j', async (payload) => {
    const m = await member()
    const res = await createCharge(m, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })
})

describe('GET /api/payments/crypto/charge/{id}/status', () => {
  it('is readable without a session by its unguessable id', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'bump' })).json()
    const res = await status(created.charge_id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(created)
  })

  it("answers 404 'Charge not found' for an unknown id", async () => {
    const res = await status('ch_doesnotexist')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found' })
  })

  it('answers 404 for an id with a NUL character (PostgreSQL text cannot hold one)', async () => {
    const res = await status('ch_%00')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found' })
  })

  it('reports COMPLETED once paid and records a crypto-paid post fee without touching the balance', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'post', listingId: 'ad-7' })).json()
    await t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/pay` })
    const res = await status(created.charge_id)
    expect(res.json().status).toBe('COMPLETED')
    const rows = await ledger(m.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 'post', method: 'crypto', amountCents: 200, listingId: 'ad-7' })
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('reports EXPIRED after a simulated expiry and never fulfils', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'bump' })).json()
    await t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/expire` })
    await t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/pay` })
    expect((await status(created.charge_id)).json().status).toBe('EXPIRED')
    expect(await ledger(m.id)).toHaveLength(0)
  })

  it('re-reads the provider after a restart: a new service on the same database sees the payment', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'topup', amount: 5 })).json()
    const [invoice] = await t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, created.charge_id))
    const restarted = new PaymentsService(
      t.db,
      new SandboxProvider(t.db, t.config.PUBLIC_URL, t.config.SANDBOX_WEBHOOK_SECRET),
    )
    const provider = restarted.provider as SandboxProvider
    await provider.simulate(invoice?.providerInvoiceId ?? '', 'COMPLETED')
    const row = await restarted.findCharge(created.charge_id)
    if (!row) throw new Error('charge lost')
    const { fulfilled, charge } = await restarted.refresh(row)
    expect(charge.status).toBe('COMPLETED')
    expect(fulfilled).toBe(true)
    expect(await balanceCents(m.id)).toBe(500)
  })
})

describe('sandbox hosted page', () => {
  it('renders a self-contained page with the amount, addresses and both simulate buttons', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'topup', amount: 5 })).json()
    const res = await t.app.inject({ method: 'GET', url: invoicePath(created.hosted_url) })
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

  it('Simulate payment redirects back to a page showing COMPLETED and credits the top-up', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'topup', amount: 6 })).json()
    const path = invoicePath(created.hosted_url)
    const res = await t.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    })
    expect(res.statusCode).toBe(303)
    expect(res.headers.location).toBe(path)
    const page = await t.app.inject({ method: 'GET', url: path })
    expect(page.body).toContain('data-status="COMPLETED"')
    expect(page.body).not.toContain('Simulate payment')
    expect(await balanceCents(m.id)).toBe(600)
  })

  it('Simulate expiry redirects back to a page showing EXPIRED', async () => {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'topup', amount: 6 })).json()
    const path = invoicePath(created.hosted_url)
    expect((await t.app.inject({ method: 'POST', url: `${path}/expire` })).statusCode).toBe(303)
    expect((await t.app.inject({ method: 'GET', url: path })).body).toContain('data-status="EXPIRED"')
  })

  it('answers 404 for an unknown invoice', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/sbx_nope' })).statusCode).toBe(
      404,
    )
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/sandbox/sbx_nope/pay' })).statusCode,
    ).toBe(404)
  })

  it('answers 404 for an invoice id with a NUL character', async () => {
    for (const [method, url] of [
      ['GET', '/api/payments/sandbox/sbx_%00'],
      ['POST', '/api/payments/sandbox/sbx_%00/pay'],
      ['POST', '/api/payments/sandbox/sbx_%00/expire'],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toEqual({ detail: 'Invoice not found' })
    }
  })
})

describe('sandbox webhook', () => {
  async function paidTopup(amount: number) {
    const m = await member()
    const created = (await createCharge(m, { chargeType: 'topup', amount })).json()
    const [row] = await t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, created.charge_id))
    if (!row) throw new Error('no charge')
    // pays at the "processor" without sending its webhook
    await new SandboxProvider(t.db, t.config.PUBLIC_URL, t.config.SANDBOX_WEBHOOK_SECRET).simulate(
      row.providerInvoiceId,
      'COMPLETED',
    )
    return { m, chargeId: created.charge_id as string, invoiceId: row.providerInvoiceId }
  }

  it('refuses a bad or missing signature with 401 and credits nothing', async () => {
    const { m, invoiceId } = await paidTopup(5)
    const forged = sandboxWebhook(invoiceId, 'd1', 'wrong-secret')
    const res = await t.app.inject(forged)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: 'Invalid webhook signature' })
    const unsigned = await t.app.inject({ ...forged, headers: { 'content-type': 'application/json' } })
    expect(unsigned.statusCode).toBe(401)
    expect(await balanceCents(m.id)).toBe(0)
  })

  it('checks the signature over the raw bytes: a re-serialised body fails', async () => {
    const { invoiceId } = await paidTopup(5)
    const hook = sandboxWebhook(invoiceId)
    const spaced = JSON.stringify(JSON.parse(hook.payload), null, 2)
    expect((await t.app.inject({ ...hook, payload: spaced })).statusCode).toBe(401)
    expect((await t.app.inject(hook)).statusCode).toBe(200)
  })

  it('answers 400 for a signed body that is not an event', async () => {
    const body = '{"hello":'
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-sig': signBody(t.config.SANDBOX_WEBHOOK_SECRET, body),
      },
      payload: body,
    })
    expect(res.statusCode).toBe(400)
  })

  it('credits once when the same delivery arrives five times racing with status polls', async () => {
    const { m, chargeId, invoiceId } = await paidTopup(5)
    const hook = sandboxWebhook(invoiceId, 'delivery-1')
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => t.app.inject(hook)),
      ...Array.from({ length: 5 }, () => status(chargeId)),
    ])
    expect(results.every((r) => r.statusCode === 200)).toBe(true)
    expect(results.slice(0, 5).filter((r) => r.json().duplicate === false)).toHaveLength(1)
    expect(await balanceCents(m.id)).toBe(500)
    expect(await ledger(m.id)).toHaveLength(1)
    const deliveries = await t.db.select().from(webhookDeliveries)
    expect(deliveries).toHaveLength(1)
  })

  it('credits once for distinct deliveries of the same settled invoice', async () => {
    const { m, invoiceId } = await paidTopup(5)
    await Promise.all(Array.from({ length: 5 }, () => t.app.inject(sandboxWebhook(invoiceId))))
    expect(await balanceCents(m.id)).toBe(500)
    expect(await ledger(m.id)).toHaveLength(1)
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
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: {
        'content-type': 'application/json',
        'sandbox-sig': signBody(t.config.SANDBOX_WEBHOOK_SECRET, body),
      },
      payload: body,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Malformed webhook body' })
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0)
  })

  it('acknowledges an event for an invoice it does not know', async () => {
    const res = await t.app.inject(sandboxWebhook('sbx_unknown'))
    expect(res.statusCode).toBe(200)
  })

  it('answers 404 on the btcpay webhook while the sandbox is the provider', async () => {
    const res = await t.app.inject({
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
    expect(res.json()).toEqual({ detail: SANDBOX_SIMULATE_DISABLED_DETAIL })
    expect((await provider.getInvoice(invoiceId))?.status).toBe('NEW')
  })

  it('refuses even for an unknown invoice, so the answer tells nothing about which exist', async () => {
    const res = await prod.app.inject({ method: 'POST', url: '/api/payments/sandbox/sbx_nope/pay' })
    expect(res.statusCode).toBe(403)
  })
})
