import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adEvents } from '#server/db/schema/ads.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { refusal } from '#server/errors.ts'
import { applyChargeEffect } from '#server/services/payments/charge-effects.ts'
import { fulfilCharge } from '#server/services/payments/fulfilment.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { adRow, createAd, expire, liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

async function balance(userId: string): Promise<number> {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

async function events(adId: string, kind: string) {
  return t.db
    .select()
    .from(adEvents)
    .where(and(eq(adEvents.adId, adId), eq(adEvents.kind, kind as 'published')))
}

const listed = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/ads' }))
    .json<{ items: { id: string }[] }>()
    .items.map((a) => a.id)

describe('paying from the wallet', () => {
  it('publishes the ad in the same payment: live for everyone, $2 debited, one ledger row naming the ad', async () => {
    const owner = await member(t, { cents: 500 })
    const id = await createAd(t, owner)
    const res = await payFee(t, owner, 'post', id)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      ok: true,
      balance_cad: 3,
      transaction: { type: 'post', listing_id: id },
    })
    const row = await adRow(t, id)
    expect(row?.status).toBe('live')
    expect(row?.publishedAt).toBeInstanceOf(Date)
    expect(await listed()).toEqual([id])
    expect(await events(id, 'published')).toHaveLength(1)
  })

  it('refuses a second posting fee for a live ad with 409 and charges nothing', async () => {
    const owner = await member(t, { cents: 500 })
    const id = await createAd(t, owner)
    await payFee(t, owner, 'post', id)
    const again = await payFee(t, owner, 'post', id)
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toMatch(/already live/)
    expect(await balance(owner.id)).toBe(300)
  })

  it("answers 404 for someone else's ad and 409 for a removed one, debiting nothing", async () => {
    const owner = await member(t, { cents: 500 })
    const payer = await member(t, { cents: 500 })
    const id = await createAd(t, owner)
    const theirs = await payFee(t, payer, 'post', id)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toEqual({ detail: 'Ad not found', code: 'ad.not_found' })
    expect(await balance(payer.id)).toBe(500)
    expect((await adRow(t, id))?.status).toBe('pending_payment')

    await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })
    const removed = await payFee(t, owner, 'post', id)
    expect(removed.statusCode).toBe(409)
    expect(removed.json().detail).toMatch(/removed/)
    expect(await balance(owner.id)).toBe(500)
  })

  it('leaves the ad unpublished when the balance is short', async () => {
    const owner = await member(t, { cents: 100 })
    const id = await createAd(t, owner)
    const res = await payFee(t, owner, 'post', id)
    expect(res.statusCode).toBe(402)
    expect((await adRow(t, id))?.status).toBe('pending_payment')
    expect(await events(id, 'published')).toHaveLength(0)
  })

  it('bumps a live ad to the top for $1, and refuses to bump an unpublished one', async () => {
    const owner = await member(t, { cents: 500 })
    const first = await liveAd(t, owner, { title: 'First' })
    const second = await liveAd(t, owner, { title: 'Second' })
    expect(await listed()).toEqual([second, first])
    const before = await balance(owner.id)
    const bump = await payFee(t, owner, 'bump', first)
    expect(bump.statusCode).toBe(200)
    expect(await balance(owner.id)).toBe(before - 100)
    expect(await listed()).toEqual([first, second])

    const pending = await createAd(t, owner)
    const refused = await payFee(t, owner, 'bump', pending)
    expect(refused.statusCode).toBe(409)
    expect(await balance(owner.id)).toBe(before - 100)
  })

  it('renews an expired ad for $2 with a fresh lifetime; a bump cannot', async () => {
    const owner = await member(t, { cents: 500 })
    const id = await liveAd(t, owner)
    await expire(t, id)
    expect((await payFee(t, owner, 'bump', id)).statusCode).toBe(409)
    const renew = await payFee(t, owner, 'post', id)
    expect(renew.statusCode).toBe(200)
    const row = await adRow(t, id)
    const daysLeft = ((row?.expiresAt?.getTime() ?? 0) - Date.now()) / 86_400_000
    expect(daysLeft).toBeGreaterThan(29.9)
    expect(await listed()).toEqual([id])
    expect(await events(id, 'renewed')).toHaveLength(1)
  })

  it('refuses a fee for an ad an old app kept only on the device, or for no ad, taking no money', async () => {
    const owner = await member(t, { cents: 500 })
    const own = await payFee(t, owner, 'post', 'own-6b0f7e0e-5a43-4d55-9a57-0d1d5d5d1e11')
    expect(own.statusCode).toBe(404)
    expect(own.json()).toEqual(refusal('ad.not_found'))
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      headers: owner.auth,
      payload: { type: 'bump' },
    })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual(refusal('ad.fee_needs_ad'))
    expect(await balance(owner.id)).toBe(500)
    expect(await t.db.select().from(walletTransactions).where(eq(walletTransactions.type, 'post'))).toEqual(
      [],
    )
  })

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const owner = await member(t, { cents: 500 })
    const id = await createAd(t, owner)
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/wallet/pay',
        headers: { ...owner.auth, 'idempotency-key': 'order-1' },
        payload: { type: 'post', listingId: id },
      })
    const first = await pay()
    const retry = await pay()
    expect(retry.statusCode).toBe(200)
    expect(retry.json().transaction.id).toBe(first.json().transaction.id)
    expect(await balance(owner.id)).toBe(300)
  })
})

describe('paying by crypto', () => {
  async function charge(m: Member, chargeType: 'post' | 'bump', listingId: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType, listingId },
    })
  }

  async function settle(chargeId: string) {
    const [row] = await t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
    if (!row) throw new Error('no charge')
    await new SandboxProvider(t.db, t.config.PUBLIC_URL, t.config.SANDBOX_WEBHOOK_SECRET).simulate(
      row.providerInvoiceId,
      'COMPLETED',
    )
    return row
  }

  it('refuses to open a charge for an ad that cannot take the fee', async () => {
    const owner = await member(t)
    const other = await member(t)
    const id = await liveAd(t, owner)
    const twice = await charge(owner, 'post', id)
    expect(twice.statusCode).toBe(409)
    expect(twice.json().detail).toMatch(/already live/)
    expect((await charge(other, 'bump', id)).statusCode).toBe(404)
    expect((await charge(owner, 'post', 'zzzzzzzzzzzz')).statusCode).toBe(404)
    expect((await charge(owner, 'bump', id)).statusCode).toBe(200)
  })

  it('publishes once when the settled charge is polled five times at once', async () => {
    const owner = await member(t)
    const id = await createAd(t, owner)
    const created = await charge(owner, 'post', id)
    expect(created.statusCode).toBe(200)
    const chargeId = created.json().charge_id as string
    await settle(chargeId)
    const polls = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` }),
      ),
    )
    expect(polls.every((p) => p.statusCode === 200)).toBe(true)
    expect((await adRow(t, id))?.status).toBe('live')
    expect(await events(id, 'published')).toHaveLength(1)
    const fees = await t.db.select().from(walletTransactions).where(eq(walletTransactions.chargeId, chargeId))
    expect(fees).toHaveLength(1)
    expect(fees[0]).toMatchObject({ type: 'post', method: 'crypto', listingId: id })
  })

  it('credits a settled fee charge made before fees had to name an ad to the wallet, since it buys nothing', async () => {
    const owner = await member(t)
    for (const [id, listingId, reason] of [
      ['ch_legacy_own', 'own-6b0f7e0e-5a43-4d55-9a57-0d1d5d5d1e11', refusal('ad.not_found').detail],
      ['ch_legacy_none', null, refusal('ad.fee_needs_ad').detail],
    ] as const) {
      await t.db.insert(cryptoCharges).values({
        id,
        userId: owner.id,
        provider: 'sandbox',
        providerInvoiceId: `inv_${id}`,
        chargeType: 'post',
        amountCents: 200,
        description: 'Posting fee',
        listingId,
        hostedUrl: 'https://pay.example/inv',
      })
      expect(await fulfilCharge(t.db, id)).toBe(true)
      const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.chargeId, id))
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ type: 'credit', amountCents: 200, note: reason })
    }
    expect(await balance(owner.id)).toBe(400)
  })

  it('reports a fee that can no longer apply as not applied, writing no ledger row for it', async () => {
    const owner = await member(t)
    const id = await createAd(t, owner)
    const created = await charge(owner, 'post', id)
    const row = await settle(created.json().charge_id)
    await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })
    const effect = await t.db.transaction((tx) => applyChargeEffect(tx, { ...row, chargeType: 'post' }))
    expect(effect).toEqual({ applied: false, reason: 'ad.removed_unpayable' })
    const fees = await t.db.select().from(walletTransactions).where(eq(walletTransactions.chargeId, row.id))
    expect(fees).toHaveLength(0)
    expect((await adRow(t, id))?.status).toBe('removed')
  })
})
