import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { outbox } from '#server/db/schema/mail.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { createAdminSession, createSession } from '#server/services/accounts/sessions.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

interface Member {
  id: string
  token: string
  auth: { authorization: string }
}

/** A verified user with a live session (the auth service's own session function). */
async function member(): Promise<Member> {
  const [user] = await t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  const token = await createSession(t.db, user.id)
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } }
}

/** Gives a user a balance the way a settled top-up would: balance and ledger row together. */
async function fund(userId: string, cents: number): Promise<void> {
  await t.db
    .insert(wallets)
    .values({ userId, balanceCents: cents })
    .onConflictDoUpdate({
      target: wallets.userId,
      set: { balanceCents: sql`${wallets.balanceCents} + ${cents}` },
    })
  await t.db.insert(walletTransactions).values({
    userId,
    type: 'topup',
    method: 'crypto',
    amountCents: cents,
    chargeId: `ch_test_${randomUUID()}`,
  })
}

async function balanceCents(userId: string): Promise<number> {
  const [row] = await t.db.select().from(wallets).where(eq(wallets.userId, userId))
  return row?.balanceCents ?? 0
}

function pay(m: Member, body: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/pay',
    headers: { ...m.auth, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body as Record<string, unknown>,
  })
}

describe('authentication', () => {
  const routes = [
    ['GET', '/api/wallet/'],
    ['POST', '/api/wallet/pay'],
    ['POST', '/api/wallet/topup/initiate'],
    ['POST', '/api/wallet/topup/confirm'],
  ] as const

  it.each(routes)('%s %s answers 401 with a detail without a token', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined })
    expect(res.statusCode).toBe(401)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it.each(routes)('%s %s answers 401 for an unknown or revoked token', async (method, url) => {
    const res = await t.app.inject({
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
  it('registers, verifies from the outbox link, logs in, tops up and pays a bump', async () => {
    const email = `${randomUUID()}@example.com`
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'correct horse' },
    })
    expect(registered.statusCode).toBe(201)
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.to, email))
    const link = new URL(mail?.link ?? '')
    const verified = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email${link.search}` })
    expect(verified.statusCode).toBe(200)
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'correct horse' },
    })
    const auth = { authorization: `Bearer ${login.json().token}` }

    const { charge_id, hosted_url } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/wallet/topup/initiate',
        headers: auth,
        payload: { amount: 5 },
      })
    ).json()
    await t.app.inject({ method: 'POST', url: `${new URL(hosted_url).pathname}/pay` })
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: auth,
      payload: { charge_id },
    })
    expect(confirmed.json()).toEqual({ credited: true, balance_cad: 5 })
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      headers: auth,
      payload: { type: 'bump' },
    })
    expect(paid.json().balance_cad).toBe(4)

    await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })
    const after = await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: auth })
    expect(after.statusCode).toBe(401)
  })

  it('refuses an expired session with 401', async () => {
    const m = await member()
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, m.id))
    const res = await t.app.inject({
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
    const token = await createAdminSession(t.db, 'admin')
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/wallet/',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(401)
  })

  it('shows a new user an empty wallet', async () => {
    const m = await member()
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ balance_cad: 0, transactions: [] })
  })

  it('lists the balance in dollars and the transactions newest first', async () => {
    const m = await member()
    await fund(m.id, 1000)
    await pay(m, { type: 'post' })
    await pay(m, { type: 'bump', listingId: 'ad-1' })
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    const body = res.json()
    expect(body.balance_cad).toBe(7)
    expect(body.transactions.map((x: { type: string }) => x.type)).toEqual(['bump', 'post', 'topup'])
    expect(body.transactions[0]).toMatchObject({
      type: 'bump',
      amount_cad: 1,
      method: 'wallet',
      status: 'completed',
      listing_id: 'ad-1',
    })
    expect(new Date(body.transactions[0].created_at).toISOString()).toBe(body.transactions[0].created_at)
  })

  it("never shows another user's money", async () => {
    const a = await member()
    const b = await member()
    await fund(a.id, 500)
    const res = await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: b.auth })
    expect(res.json()).toEqual({ balance_cad: 0, transactions: [] })
  })
})

describe('POST /api/wallet/pay', () => {
  it('charges the $2 posting fee and returns the ledger row and new balance', async () => {
    const m = await member()
    await fund(m.id, 500)
    const res = await pay(m, { type: 'post', listingId: 'ad-9' })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ ok: true, balance_cad: 3 })
    expect(body.transaction).toMatchObject({
      type: 'post',
      amount_cad: 2,
      method: 'wallet',
      listing_id: 'ad-9',
    })
    expect(await balanceCents(m.id)).toBe(300)
  })

  it('charges the $1 bump fee', async () => {
    const m = await member()
    await fund(m.id, 500)
    const res = await pay(m, { type: 'bump' })
    expect(res.json().balance_cad).toBe(4)
  })

  it('decides the price itself, whatever amount the client sends', async () => {
    const m = await member()
    await fund(m.id, 500)
    const res = await pay(m, { type: 'post', amount: 0.01, amount_cad: 0.01 })
    expect(res.statusCode).toBe(200)
    expect(res.json().transaction.amount_cad).toBe(2)
    expect(await balanceCents(m.id)).toBe(300)
  })

  it("refuses with 402 'Insufficient balance' and moves no money when short", async () => {
    const m = await member()
    await fund(m.id, 150)
    const res = await pay(m, { type: 'post' })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ detail: 'Insufficient balance' })
    expect(await balanceCents(m.id)).toBe(150)
    const rows = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, m.id))
    expect(rows).toHaveLength(1)
  })

  it('refuses a listingId with a NUL character with 400 and moves no money', async () => {
    const m = await member()
    await fund(m.id, 500)
    const res = await pay(m, { type: 'post', listingId: 'ad\u00001' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'listingId: Text must not contain NUL characters' })
    expect(await balanceCents(m.id)).toBe(500)
  })

  it('refuses 402 for a user who never had a wallet', async () => {
    const m = await member()
    expect((await pay(m, { type: 'bump' })).statusCode).toBe(402)
  })

  it.each([
    [{}],
    [{ type: 'topup' }],
    [{ type: 'post', listingId: 7 }],
    [{ type: 'post', listingId: 'x'.repeat(500) }],
  ])('answers 400 with a detail for an invalid body %j', async (body) => {
    const m = await member()
    const res = await pay(m, body)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  describe('Idempotency-Key', () => {
    it('answers a retry with the first answer and charges once', async () => {
      const m = await member()
      await fund(m.id, 500)
      const first = await pay(m, { type: 'post' }, 'offline-queue-1')
      const second = await pay(m, { type: 'post' }, 'offline-queue-1')
      expect(first.statusCode).toBe(200)
      expect(second.statusCode).toBe(200)
      expect(second.json()).toEqual(first.json())
      expect(await balanceCents(m.id)).toBe(300)
    })

    it('replays a stored 402 too, so a retry never pays later by surprise', async () => {
      const m = await member()
      const first = await pay(m, { type: 'post' }, 'k-402')
      await fund(m.id, 500)
      const second = await pay(m, { type: 'post' }, 'k-402')
      expect(first.statusCode).toBe(402)
      expect(second.statusCode).toBe(402)
      expect(second.json()).toEqual({ detail: 'Insufficient balance' })
      expect(await balanceCents(m.id)).toBe(500)
    })

    it('charges once when retries with the same key arrive at the same time', async () => {
      const m = await member()
      await fund(m.id, 1000)
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => pay(m, { type: 'bump' }, 'same-key')),
      )
      expect(answers.every((a) => a.statusCode === 200)).toBe(true)
      const ids = new Set(answers.map((a) => a.json().transaction.id))
      expect(ids.size).toBe(1)
      expect(await balanceCents(m.id)).toBe(900)
    })

    it('refuses a key reused for a different payment with 422', async () => {
      const m = await member()
      await fund(m.id, 1000)
      await pay(m, { type: 'bump' }, 'k1')
      const res = await pay(m, { type: 'post' }, 'k1')
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toMatch(/Idempotency-Key/)
      expect(await balanceCents(m.id)).toBe(900)
    })

    it('keeps keys per user: the same key from two users charges both', async () => {
      const a = await member()
      const b = await member()
      await fund(a.id, 500)
      await fund(b.id, 500)
      expect((await pay(a, { type: 'bump' }, 'shared')).statusCode).toBe(200)
      expect((await pay(b, { type: 'bump' }, 'shared')).statusCode).toBe(200)
      expect(await balanceCents(a.id)).toBe(400)
      expect(await balanceCents(b.id)).toBe(400)
    })

    it('different keys are different payments', async () => {
      const m = await member()
      await fund(m.id, 500)
      await pay(m, { type: 'bump' }, 'a')
      await pay(m, { type: 'bump' }, 'b')
      expect(await balanceCents(m.id)).toBe(300)
    })

    it('answers 400 for a key that is too long or has spaces', async () => {
      const m = await member()
      await fund(m.id, 500)
      expect((await pay(m, { type: 'bump' }, 'k'.repeat(300))).statusCode).toBe(400)
      const spaced = await pay(m, { type: 'bump' }, 'has space')
      expect(spaced.statusCode).toBe(400)
      expect(spaced.json().detail).toMatch(/Idempotency-Key/)
      expect(await balanceCents(m.id)).toBe(500)
    })
  })
})

describe('top-up', () => {
  async function initiate(m: Member, amount: unknown) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/initiate',
      headers: m.auth,
      payload: { amount },
    })
  }
  function confirm(m: Member, chargeId: string) {
    return t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: m.auth,
      payload: { charge_id: chargeId },
    })
  }
  async function simulate(hostedUrl: string, action: 'pay' | 'expire') {
    const res = await t.app.inject({ method: 'POST', url: `${new URL(hostedUrl).pathname}/${action}` })
    expect(res.statusCode).toBe(303)
  }

  it.each([[4.99], [0], [-5], ['3']])('refuses %j below the minimum load', async (amount) => {
    const m = await member()
    const res = await initiate(m, amount)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Minimum load is $5' })
  })

  it('answers 400 for a non-numeric or absurd amount', async () => {
    const m = await member()
    expect((await initiate(m, 'lots')).statusCode).toBe(400)
    expect((await initiate(m, 1e9)).statusCode).toBe(400)
  })

  it('starts a topup charge with an unguessable id and a hosted page', async () => {
    const m = await member()
    const res = await initiate(m, 5)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.charge_id).toMatch(/^ch_[A-Za-z0-9_-]{24}$/)
    expect(body.hosted_url).toMatch(/^http:\/\/localhost:8080\/api\/payments\/sandbox\//)
    expect(body).toMatchObject({ amount_cad: 5, status: 'NEW' })
  })

  it('confirms after payment, credits exactly once and repeats the same answer', async () => {
    const m = await member()
    const { charge_id, hosted_url } = (await initiate(m, 12.5)).json()

    const early = await confirm(m, charge_id)
    expect(early.statusCode).toBe(409)
    expect(early.json()).toEqual({ detail: 'Payment not confirmed yet (status NEW)' })

    await simulate(hosted_url, 'pay')
    const first = await confirm(m, charge_id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ credited: true, balance_cad: 12.5 })
    const again = await confirm(m, charge_id)
    expect(again.json()).toEqual({ credited: true, balance_cad: 12.5 })

    const wallet = (await t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })).json()
    expect(wallet.balance_cad).toBe(12.5)
    expect(wallet.transactions).toHaveLength(1)
    expect(wallet.transactions[0]).toMatchObject({ type: 'topup', amount_cad: 12.5, method: 'crypto' })
  })

  it('refuses to confirm an expired top-up with a detail naming the status', async () => {
    const m = await member()
    const { charge_id, hosted_url } = (await initiate(m, 5)).json()
    await simulate(hosted_url, 'expire')
    // paying after expiry changes nothing
    await simulate(hosted_url, 'pay')
    const res = await confirm(m, charge_id)
    expect(res.statusCode).toBe(409)
    expect(res.json().detail).toMatch(/expired.*status EXPIRED/i)
    expect(await balanceCents(m.id)).toBe(0)
  })

  it("answers 404 for an unknown charge or another user's", async () => {
    const a = await member()
    const b = await member()
    const { charge_id, hosted_url } = (await initiate(a, 5)).json()
    await simulate(hosted_url, 'pay')
    const foreign = await confirm(b, charge_id)
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: 'Charge not found' })
    expect((await confirm(b, 'ch_nope')).statusCode).toBe(404)
    expect(await balanceCents(b.id)).toBe(0)
  })

  it('answers 404 when confirming a post charge as a top-up', async () => {
    const m = await member()
    const charge = await t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'post', amount: 2, description: 'Posting fee' },
    })
    expect((await confirm(m, charge.json().charge_id)).statusCode).toBe(404)
  })

  it('answers 404 for a charge_id with a NUL character, like any unknown one', async () => {
    const m = await member()
    const res = await confirm(m, 'ch_\u0000')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Charge not found' })
  })

  it('answers 400 without a charge_id', async () => {
    const m = await member()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/wallet/topup/confirm',
      headers: m.auth,
      payload: {},
    })
    expect(res.statusCode).toBe(400)
  })
})
