import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_DRAFT_BYTES } from '#domain/api/payments.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { refusal } from '#server/errors.ts'
import { segwitV0Address } from '#server/services/payments/addresses.ts'
import { PaymentsService } from '#server/services/payments/charges.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { adRow, createAd, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import {
  BTC_ADDRESS,
  chargeStatus,
  createCharge,
  invoicePath,
  LTC_ADDRESS,
} from '#tests/support/sandbox-payments.ts'
import { balanceCents, ledger } from '#tests/support/wallet.ts'

// Crypto charges on the sandbox provider: creating one (the price, the draft it carries) and
// reading its status. A posting or bump fee names the member's ad: a pending one for a post, a live
// one for a bump.

const api = setupTestApp()

describe('sandbox addresses', () => {
  it('encodes bech32 like BIP173 (its P2WPKH test vector)', () => {
    const program = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')
    expect(segwitV0Address('bc', program)).toBe('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')
  })
})

describe('POST /api/payments/crypto/charge', () => {
  it('answers 401 without a session', async () => {
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      payload: { chargeType: 'post', amount: 2 },
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it('prices a post at $2 and a bump at $1 whatever amount the client sends', async () => {
    const m = await member(api.t)
    const post = await createCharge(api.t, m, {
      amount: 0.01,
      description: 'Posting fee',
      chargeType: 'post',
      listingId: await createAd(api.t, m),
    })
    const bump = await createCharge(api.t, m, {
      amount: 500,
      description: 'Bump',
      chargeType: 'bump',
      listingId: await liveAd(api.t, m),
    })
    expect(post.statusCode).toBe(200)
    expect(post.json().amount_cad).toBe(2)
    expect(bump.json().amount_cad).toBe(1)
  })

  it('answers the charge id, hosted page, NEW status, addresses and BIP21 URIs', async () => {
    const m = await member(api.t)
    const listingId = await createAd(api.t, m)
    const res = await createCharge(api.t, m, {
      amount: 2,
      description: 'Posting fee',
      chargeType: 'post',
      listingId,
    })
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
    const m = await member(api.t)
    const listingId = await createAd(api.t, m)
    const a = (await createCharge(api.t, m, { chargeType: 'post', listingId })).json()
    const b = (await createCharge(api.t, m, { chargeType: 'post', listingId })).json()
    expect(a.charge_id).not.toBe(b.charge_id)
    expect(a.addresses.bitcoin).not.toBe(b.addresses.bitcoin)
  })

  it('takes a topup amount in dollars and refuses less than $5', async () => {
    const m = await member(api.t)
    const ok = await createCharge(api.t, m, { amount: 7.5, description: 'Top-up', chargeType: 'topup' })
    expect(ok.json().amount_cad).toBe(7.5)
    const low = await createCharge(api.t, m, { amount: 4, description: 'Top-up', chargeType: 'topup' })
    expect(low.statusCode).toBe(400)
    expect(low.json()).toEqual({ detail: 'Minimum load is $5', code: 'wallet.min_topup' })
    expect((await createCharge(api.t, m, { chargeType: 'topup' })).statusCode).toBe(400)
  })

  it('keeps the draft with the charge in the database', async () => {
    const m = await member(api.t)
    const draft = { title: 'Hello', province: 'ON', city: 'Toronto', images: ['/stock/a.jpg'] }
    const res = await createCharge(api.t, m, {
      chargeType: 'post',
      listingId: await createAd(api.t, m),
      amount: 2,
      description: 'x',
      metadata: { draft },
    })
    const [row] = await api.t.db
      .select()
      .from(cryptoCharges)
      .where(eq(cryptoCharges.id, res.json().charge_id))
    expect(row?.draft).toEqual(draft)
    expect(row?.userId).toBe(m.id)
  })

  it('refuses a draft that is too large with 413', async () => {
    const m = await member(api.t)
    const draft = { description: 'x'.repeat(MAX_DRAFT_BYTES + 1) }
    const res = await createCharge(api.t, m, { chargeType: 'post', metadata: { draft } })
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toMatch(/draft is too large/i)
  })

  it.each([
    ['a NUL character', { title: 'a\u0000b' }, /cannot be stored/],
    ['a NUL character in a key', { 'a\u0000': 1 }, /cannot be stored/],
    ['an unpaired surrogate', { title: '\ud800' }, /cannot be stored/],
    ['nesting past the limit', JSON.parse(`${'['.repeat(100)}${']'.repeat(100)}`), /nested too deeply/],
  ])('refuses a draft jsonb cannot store (%s) with 400 and keeps no charge', async (_case, draft, detail) => {
    const m = await member(api.t)
    const res = await createCharge(api.t, m, { chargeType: 'post', metadata: { draft } })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(detail)
    expect(await api.t.db.select().from(cryptoCharges)).toHaveLength(0)
  })

  it('refuses a draft nested deeper than JSON.stringify can recurse with 400', async () => {
    const m = await member(api.t)
    const depth = 200_000
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: { ...m.auth, 'content-type': 'application/json' },
      payload: `{"chargeType":"post","metadata":{"draft":${'['.repeat(depth)}${']'.repeat(depth)}}}`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/nested too deeply/)
  })

  it('keeps a draft whose text merely looks like an escape', async () => {
    const m = await member(api.t)
    const draft = { title: 'backslash-u: \\u0000 \\ud800', emoji: '😀' }
    const listingId = await createAd(api.t, m)
    const res = await createCharge(api.t, m, { chargeType: 'post', listingId, metadata: { draft } })
    expect(res.statusCode).toBe(200)
  })

  it("refuses a post or bump that names no ad with 400, or no ad of the payer's with 404, and opens no invoice", async () => {
    const m = await member(api.t)
    for (const chargeType of ['post', 'bump']) {
      const none = await createCharge(api.t, m, { chargeType, amount: 2 })
      expect(none.statusCode).toBe(400)
      expect(none.json()).toEqual(refusal('ad.fee_needs_ad'))
      // the id an old app version gave an ad it kept only on the device
      const own = await createCharge(api.t, m, { chargeType, listingId: 'own-6b0f7e0e-5a43-4d55-9a57' })
      expect(own.statusCode).toBe(404)
      expect(own.json()).toEqual(refusal('ad.not_found'))
    }
    expect(await api.t.db.select().from(cryptoCharges)).toHaveLength(0)
  })

  it.each([
    [{ chargeType: 'post', description: 'a\u0000b' }],
    [{ chargeType: 'post', listingId: 'ad\u00001' }],
    [{}],
    [{ chargeType: 'gift' }],
    [{ chargeType: 'post', amount: 'two' }],
    [{ chargeType: 'post', metadata: 5 }],
  ])('answers 400 with a detail for %j', async (payload) => {
    const m = await member(api.t)
    const res = await createCharge(api.t, m, payload)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })
})

describe('GET /api/payments/crypto/charge/{id}/status', () => {
  it('is readable without a session by its unguessable id', async () => {
    const m = await member(api.t)
    const listingId = await createAd(api.t, m)
    const created = (await createCharge(api.t, m, { chargeType: 'post', listingId })).json()
    const res = await chargeStatus(api.t, created.charge_id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(created)
  })

  it("answers 404 'Charge not found' for an unknown id", async () => {
    const res = await chargeStatus(api.t, 'ch_doesnotexist')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found', code: 'payment.charge_not_found' })
  })

  it('answers 404 for an id with a NUL character (PostgreSQL text cannot hold one)', async () => {
    const res = await chargeStatus(api.t, 'ch_%00')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found', code: 'payment.charge_not_found' })
  })

  it('reports COMPLETED once paid and records a crypto-paid post fee without touching the balance', async () => {
    const m = await member(api.t)
    const listingId = await createAd(api.t, m)
    const created = (await createCharge(api.t, m, { chargeType: 'post', listingId })).json()
    await api.t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/pay` })
    const res = await chargeStatus(api.t, created.charge_id)
    expect(res.json().status).toBe('COMPLETED')
    const rows = await ledger(api.t, m.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ type: 'post', method: 'crypto', amountCents: 200, listingId })
    expect(await balanceCents(api.t, m.id)).toBe(0)
    expect((await adRow(api.t, listingId))?.status).toBe('live')
  })

  it('reports EXPIRED after a simulated expiry and never fulfils', async () => {
    const m = await member(api.t)
    const listingId = await createAd(api.t, m)
    const created = (await createCharge(api.t, m, { chargeType: 'post', listingId })).json()
    await api.t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/expire` })
    await api.t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/pay` })
    expect((await chargeStatus(api.t, created.charge_id)).json().status).toBe('EXPIRED')
    expect(await ledger(api.t, m.id)).toHaveLength(0)
    expect((await adRow(api.t, listingId))?.status).toBe('pending_payment')
  })

  it('re-reads the provider after a restart: a new service on the same database sees the payment', async () => {
    const m = await member(api.t)
    const created = (await createCharge(api.t, m, { chargeType: 'topup', amount: 5 })).json()
    const [invoice] = await api.t.db
      .select()
      .from(cryptoCharges)
      .where(eq(cryptoCharges.id, created.charge_id))
    const restarted = new PaymentsService(
      api.t.db,
      new SandboxProvider(api.t.db, api.t.config.PUBLIC_URL, api.t.config.SANDBOX_WEBHOOK_SECRET),
    )
    const provider = restarted.provider as SandboxProvider
    await provider.simulate(invoice?.providerInvoiceId ?? '', 'COMPLETED')
    const row = await restarted.findCharge(created.charge_id)
    if (!row) throw new Error('charge lost')
    const { fulfilled, charge } = await restarted.refresh(row)
    expect(charge.status).toBe('COMPLETED')
    expect(fulfilled).toBe(true)
    expect(await balanceCents(api.t, m.id)).toBe(500)
  })
})
