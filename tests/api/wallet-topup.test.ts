import { describe, expect, it } from 'vitest'
import { createAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { balanceCents } from '#tests/support/wallet.ts'

// Topping up the wallet with a crypto charge: the minimum, confirming once, and refusals.

const api = setupTestApp()

describe('top-up', () => {
  async function initiate(m: Member, amount: unknown) {
    return api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/initiate',
      headers: m.auth,
      payload: { amount },
    })
  }
  function confirm(m: Member, chargeId: string) {
    return api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: m.auth,
      payload: { charge_id: chargeId },
    })
  }
  async function simulate(hostedUrl: string, action: 'pay' | 'expire') {
    const res = await api.t.app.inject({ method: 'POST', url: `${new URL(hostedUrl).pathname}/${action}` })
    expect(res.statusCode).toBe(303)
  }

  it.each([[4.99], [0], [-5]])('refuses %j below the minimum load', async (amount) => {
    const m = await member(api.t)
    const res = await initiate(m, amount)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Minimum load is $5', code: 'wallet.min_topup' })
  })

  it('refuses an amount sent as a string or in fractions of a cent, in words in both languages', async () => {
    const m = await member(api.t)
    for (const amount of ['10', '3', 5.999, 10.001]) {
      const res = await initiate(m, amount)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'request.invalid' })
      expect(res.json().issues).toEqual([{ field: 'amount', code: 'wallet.amount_cents' }])
    }
    const french = await api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/initiate',
      headers: { ...m.auth, 'accept-language': 'fr-CA' },
      payload: { amount: 5.999 },
    })
    expect(french.json().detail).toContain('cents entiers')
    // nothing was started for any of them
    expect((await initiate(m, 10.5)).json()).toMatchObject({ amount_cad: 10.5 })
  })

  it('answers 400 for a non-numeric or absurd amount', async () => {
    const m = await member(api.t)
    expect((await initiate(m, 'lots')).statusCode).toBe(400)
    expect((await initiate(m, 1e9)).statusCode).toBe(400)
  })

  it('starts a topup charge with an unguessable id and a hosted page', async () => {
    const m = await member(api.t)
    const res = await initiate(m, 5)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.charge_id).toMatch(/^ch_[A-Za-z0-9_-]{24}$/)
    expect(body.hosted_url).toMatch(/^http:\/\/localhost:8080\/api\/payments\/sandbox\//)
    expect(body).toMatchObject({ amount_cad: 5, status: 'NEW' })
  })

  it('confirms after payment, credits exactly once and repeats the same answer', async () => {
    const m = await member(api.t)
    const { charge_id, hosted_url } = (await initiate(m, 12.5)).json()

    const early = await confirm(m, charge_id)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toEqual({
      detail: 'Payment not confirmed yet (status NEW)',
      code: 'payment.not_confirmed',
      params: { status: 'NEW' },
    })

    await simulate(hosted_url, 'pay')
    const first = await confirm(m, charge_id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ credited: true, balance_cad: 12.5 })
    const again = await confirm(m, charge_id)
    expect(again.json()).toEqual({ credited: true, balance_cad: 12.5 })

    const wallet = (await api.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })).json()
    expect(wallet.balance_cad).toBe(12.5)
    expect(wallet.transactions).toHaveLength(1)
    expect(wallet.transactions[0]).toMatchObject({ type: 'topup', amount_cad: 12.5, method: 'crypto' })
  })

  it('refuses to confirm an expired top-up with a detail naming the status', async () => {
    const m = await member(api.t)
    const { charge_id, hosted_url } = (await initiate(m, 5)).json()
    await simulate(hosted_url, 'expire')
    // paying after expiry changes nothing
    await simulate(hosted_url, 'pay')
    const res = await confirm(m, charge_id)
    expect(res.statusCode).toBe(409)
    expect(res.json().detail).toMatch(/expired.*status EXPIRED/i)
    expect(await balanceCents(api.t, m.id)).toBe(0)
  })

  it("answers 404 for an unknown charge or another user's", async () => {
    const a = await member(api.t)
    const b = await member(api.t)
    const { charge_id, hosted_url } = (await initiate(a, 5)).json()
    await simulate(hosted_url, 'pay')
    const foreign = await confirm(b, charge_id)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Charge not found', code: 'payment.charge_not_found' })
    expect((await confirm(b, 'ch_nope')).statusCode).toBe(404)
    expect(await balanceCents(api.t, b.id)).toBe(0)
  })

  it('answers 404 when confirming a post charge as a top-up', async () => {
    const m = await member(api.t)
    const charge = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: {
        chargeType: 'post',
        amount: 2,
        description: 'Posting fee',
        listingId: await createAd(api.t, m),
      },
    })
    expect(charge.statusCode).toBe(200)
    expect((await confirm(m, charge.json().charge_id)).statusCode).toBe(404)
  })

  it('answers 404 for a charge_id with a NUL character, like any unknown one', async () => {
    const m = await member(api.t)
    const res = await confirm(m, 'ch_\u0000')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found', code: 'payment.charge_not_found' })
  })

  it('answers 400 without a charge_id', async () => {
    const m = await member(api.t)
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: m.auth,
      payload: {},
    })
    expect(res.statusCode).toBe(400)
  })
})
