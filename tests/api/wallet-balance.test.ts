import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema/mail.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adBody, createAd, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { fund, pay } from '#tests/support/wallet.ts'

// Who may see a wallet and what it shows: tokens refused, a real account's journey, the balance
// and transactions.

const api = setupTestApp()

describe('authentication', () => {
  const routes = [
    ['GET', '/api/wallet/'],
    ['POST', '/api/wallet/pay'],
    ['POST', '/api/wallet/topup/initiate'],
    ['POST', '/api/wallet/topup/confirm'],
  ] as const

  it.each(routes)('%s %s answers 401 with a detail without a token', async (method, url) => {
    const res = await api.t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it.each(routes)('%s %s answers 401 for an unknown or revoked token', async (method, url) => {
    const res = await api.t.app.inject({
      method,
      url,
      headers: { authorization: 'Bearer not-a-real-token' },
      payload: method === 'POST' ? {} : undefined,
    })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toEqual(expect.any(String))
  })
})

describe('a real account', () => {
  it('registers, verifies from the outbox link, logs in, tops up, posts an ad and pays its fee', async () => {
    const email = `${randomUUID()}@example.com`
    const registered = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse' },
    })
    expect(registered.statusCode).toBe(201)
    // the account and its mail are made after the answer (accounts.ts, register)
    await api.t.app.afterAnswer.settled()
    const [mail] = await api.t.db.select().from(outbox).where(eq(outbox.to, email))
    const link = new URL(mail?.link ?? '')
    const verified = await api.t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` })
    expect(verified.statusCode).toBe(200)
    const login = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse' },
    })
    const auth = { authorization: `Bearer ${login.json().token}` }

    const { charge_id, hosted_url } = (
      await api.t.app.inject({
        method: 'POST',
        url: '/api/wallet/topup/initiate',
        headers: auth,
        payload: { amount: 5 },
      })
    ).json()
    await api.t.app.inject({ method: 'POST', url: `${new URL(hosted_url).pathname}/pay` })
    const confirmed = await api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: auth,
      payload: { charge_id },
    })
    expect(confirmed.json()).toEqual({ credited: true, balance_cad: 5 })
    const posted = await api.t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: auth,
      payload: adBody(),
    })
    expect(posted.statusCode).toBe(201)
    const paid = await api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      headers: auth,
      payload: { type: 'post', listingId: posted.json().id },
    })
    expect(paid.json().balance_cad).toBe(3)
    const listed = await api.t.app.inject({ method: 'GET', url: '/api/ads' })
    expect(listed.json().items.map((ad: { id: string }) => ad.id)).toContain(posted.json().id)

    await api.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })
    const after = await api.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: auth })
    expect(after.statusCode).toBe(401)
  })

  it('refuses an expired session with 401', async () => {
    const m = await member(api.t)
    await api.t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, m.id))
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      headers: m.auth,
      payload: { type: 'bump' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/wallet/', () => {
  it('refuses an admin token: wallets belong to users', async () => {
    const token = await createAdminSession(api.t.db, 'admin')
    const res = await api.t.app.inject({
      method: 'GET',
      url: '/api/wallet/',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(401)
  })

  it('shows a new user an empty wallet', async () => {
    const m = await member(api.t)
    const res = await api.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ balance_cad: 0, transactions: [] })
  })

  it('lists the balance in dollars and the transactions newest first', async () => {
    const m = await member(api.t)
    const live = await liveAd(api.t, m)
    await fund(api.t, m.id, 1000)
    const pending = await createAd(api.t, m)
    await pay(api.t, m, { type: 'post', listingId: pending })
    await pay(api.t, m, { type: 'bump', listingId: live })
    const res = await api.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    const body = res.json()
    expect(body.balance_cad).toBe(7)
    // the oldest is the posting fee that published the live ad
    expect(body.transactions.map((x: { type: string }) => x.type)).toEqual(['bump', 'post', 'topup', 'post'])
    expect(body.transactions[0]).toMatchObject({
      type: 'bump',
      amount_cad: 1,
      method: 'wallet',
      status: 'completed',
      listing_id: live,
    })
    expect(new Date(body.transactions[0].created_at).toISOString()).toBe(body.transactions[0].created_at)
  })

  it("never shows another user's money", async () => {
    const a = await member(api.t)
    const b = await member(api.t)
    await fund(api.t, a.id, 500)
    const res = await api.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: b.auth })
    expect(res.json()).toEqual({ balance_cad: 0, transactions: [] })
  })
})
