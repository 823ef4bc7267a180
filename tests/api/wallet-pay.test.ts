import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { refusal } from '#server/errors.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { adRow, createAd, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { balanceCents, fund, ledger, pay } from '#tests/support/wallet.ts'

// Paying a fee from the wallet: the price the server sets, refusals that move no money, and
// Idempotency-Key retries. Each fee names the member's ad: a pending one for a posting fee, a live
// one (published through a funded wallet, which leaves the balance as it was) for a bump.

const api = setupTestApp()

describe('POST /api/wallet/pay', () => {
  it(`answers 429 after ${RATE_LIMITS.wallet.pay.max} payments a ${RATE_LIMITS.wallet.pay.timeWindow.replace(/^1 /, '')} from one account`, async () => {
    const m = await member(api.t)
    const other = await member(api.t)
    // an id of the right shape that names no ad: refused with 404 after the limit has counted it
    const body = { type: 'bump' as const, listingId: 'zzzzzzzzzzzz' }
    for (let i = 0; i < RATE_LIMITS.wallet.pay.max; i++)
      expect((await pay(api.t, m, body)).statusCode).toBe(404)
    const over = await pay(api.t, m, body)
    expect(over.statusCode).toBe(429)
    expect(over.headers['retry-after']).toBeDefined()
    // counted per account, not per address: another member from the same address still pays
    expect((await pay(api.t, other, body)).statusCode).toBe(404)
  })

  it('charges the $2 posting fee and returns the ledger row and new balance', async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 500)
    const id = await createAd(api.t, m)
    const res = await pay(api.t, m, { type: 'post', listingId: id })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ ok: true, balance_cad: 3 })
    expect(body.transaction).toMatchObject({
      type: 'post',
      amount_cad: 2,
      method: 'wallet',
      listing_id: id,
    })
    expect(await balanceCents(api.t, m.id)).toBe(300)
  })

  it('charges the $1 bump fee', async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 500)
    const res = await pay(api.t, m, { type: 'bump', listingId: await liveAd(api.t, m) })
    expect(res.json().balance_cad).toBe(4)
  })

  it('decides the price itself, whatever amount the client sends', async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 500)
    const listingId = await createAd(api.t, m)
    const res = await pay(api.t, m, { type: 'post', listingId, amount: 0.01, amount_cad: 0.01 })
    expect(res.statusCode).toBe(200)
    expect(res.json().transaction.amount_cad).toBe(2)
    expect(await balanceCents(api.t, m.id)).toBe(300)
  })

  it("refuses with 402 'Insufficient balance' and moves no money when short", async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 150)
    const res = await pay(api.t, m, { type: 'post', listingId: await createAd(api.t, m) })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ detail: 'Insufficient balance', code: 'wallet.insufficient_balance' })
    expect(await balanceCents(api.t, m.id)).toBe(150)
    const rows = await api.t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.id))
    expect(rows).toHaveLength(1)
  })

  it("refuses a fee that names no ad with 400, or an id that is none of the payer's ads with 404, moving no money", async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 500)
    const none = await pay(api.t, m, { type: 'post' })
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual(refusal('ad.fee_needs_ad'))
    // the id an old app version gave an ad it kept only on the device
    const own = await pay(api.t, m, { type: 'bump', listingId: 'own-6b0f7e0e-5a43-4d55-9a57-0d1d5d5d1e11' })
    expect(own.statusCode).toBe(404)
    expect(own.json()).toEqual(refusal('ad.not_found'))
    const other = await member(api.t)
    const theirs = await pay(api.t, m, { type: 'post', listingId: await createAd(api.t, other) })
    expect(theirs.statusCode).toBe(404)
    expect(await balanceCents(api.t, m.id)).toBe(500)
    expect(await ledger(api.t, m.id)).toHaveLength(1)
  })

  it('refuses a listingId with a NUL character with 400 and moves no money', async () => {
    const m = await member(api.t)
    await fund(api.t, m.id, 500)
    const res = await pay(api.t, m, { type: 'post', listingId: 'ad\u00001' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({
      detail: 'listingId: Text must not contain NUL characters',
      code: 'request.invalid',
    })
    expect(await balanceCents(api.t, m.id)).toBe(500)
  })

  it('refuses 402 for a user who never had a wallet', async () => {
    const m = await member(api.t)
    const res = await pay(api.t, m, { type: 'post', listingId: await createAd(api.t, m) })
    expect(res.statusCode).toBe(402)
  })

  it.each([
    [{}],
    [{ type: 'topup' }],
    [{ type: 'post', listingId: 7 }],
    [{ type: 'post', listingId: 'x'.repeat(500) }],
  ])('answers 400 with a detail for an invalid body %j', async (body) => {
    const m = await member(api.t)
    const res = await pay(api.t, m, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  describe('Idempotency-Key', () => {
    it('answers a retry with the first answer and charges once', async () => {
      const m = await member(api.t)
      await fund(api.t, m.id, 500)
      const listingId = await createAd(api.t, m)
      const first = await pay(api.t, m, { type: 'post', listingId }, 'offline-queue-1')
      const second = await pay(api.t, m, { type: 'post', listingId }, 'offline-queue-1')
      expect(first.statusCode).toBe(200)
      expect(second.statusCode).toBe(200)
      expect(second.json()).toEqual(first.json())
      expect(await balanceCents(api.t, m.id)).toBe(300)
    })

    it('replays a stored 402 too, so a retry never pays later by surprise', async () => {
      const m = await member(api.t)
      const listingId = await createAd(api.t, m)
      const first = await pay(api.t, m, { type: 'post', listingId }, 'k-402')
      await fund(api.t, m.id, 500)
      const second = await pay(api.t, m, { type: 'post', listingId }, 'k-402')
      expect(first.statusCode).toBe(402)
      expect(second.statusCode).toBe(402)
      expect(second.json()).toEqual({ detail: 'Insufficient balance', code: 'wallet.insufficient_balance' })
      expect(await balanceCents(api.t, m.id)).toBe(500)
      // the 402 undid nothing it should keep: the ad still waits for its fee
      expect((await adRow(api.t, listingId))?.status).toBe('pending_payment')
    })

    it('charges once when retries with the same key arrive at the same time', async () => {
      const m = await member(api.t)
      const listingId = await liveAd(api.t, m)
      await fund(api.t, m.id, 1000)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => pay(api.t, m, { type: 'bump', listingId }, 'same-key')),
      )
      expect(answers.every((a) => a.statusCode === 200)).toBe(true)
      const ids = new Set(answers.map((a) => a.json().transaction.id))
      expect(ids.size).toBe(1)
      expect(await balanceCents(api.t, m.id)).toBe(900)
    })

    it('refuses a key reused for a different payment with 422', async () => {
      const m = await member(api.t)
      const listingId = await liveAd(api.t, m)
      await fund(api.t, m.id, 1000)
      await pay(api.t, m, { type: 'bump', listingId }, 'k1')
      const res = await pay(api.t, m, { type: 'post', listingId }, 'k1')
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toMatch(/Idempotency-Key/)
      expect(await balanceCents(api.t, m.id)).toBe(900)
    })

    it('keeps keys per user: the same key from two users charges both', async () => {
      const a = await member(api.t)
      const b = await member(api.t)
      const adOfA = await liveAd(api.t, a)
      const adOfB = await liveAd(api.t, b)
      await fund(api.t, a.id, 500)
      await fund(api.t, b.id, 500)
      expect((await pay(api.t, a, { type: 'bump', listingId: adOfA }, 'shared')).statusCode).toBe(200)
      expect((await pay(api.t, b, { type: 'bump', listingId: adOfB }, 'shared')).statusCode).toBe(200)
      expect(await balanceCents(api.t, a.id)).toBe(400)
      expect(await balanceCents(api.t, b.id)).toBe(400)
    })

    it('different keys are different payments', async () => {
      const m = await member(api.t)
      // two ads: one ad is bumped at most once in 15 minutes (src/domain/bump-spacing.ts)
      const first = await liveAd(api.t, m)
      const second = await liveAd(api.t, m)
      await fund(api.t, m.id, 500)
      await pay(api.t, m, { type: 'bump', listingId: first }, 'a')
      await pay(api.t, m, { type: 'bump', listingId: second }, 'b')
      expect(await balanceCents(api.t, m.id)).toBe(300)
    })

    it('answers 400 for a key that is too long or has spaces', async () => {
      const m = await member(api.t)
      const listingId = await liveAd(api.t, m)
      await fund(api.t, m.id, 500)
      expect((await pay(api.t, m, { type: 'bump', listingId }, 'k'.repeat(300))).statusCode).toBe(400)
      const spaced = await pay(api.t, m, { type: 'bump', listingId }, 'has space')
      expect(spaced.statusCode).toBe(400)
      expect(spaced.json().detail).toMatch(/Idempotency-Key/)
      expect(await balanceCents(api.t, m.id)).toBe(500)
    })
  })
})
