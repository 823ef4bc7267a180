import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sessions } from '#server/db/schema/sessions.ts'
import { refusal } from '#server/errors.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { PUBLIC_URL, setupAuthApp, tokenOf } from '#tests/support/auth-app.ts'

// Signing in and out, and the account routes under random and malformed input.

const auth = setupAuthApp()
const { call, post, latestLink, verifiedUser } = auth

describe('login and logout', () => {
  it('refuses an unverified account with 403 and a detail containing "Email not verified"', async () => {
    await post('/register', { email: 'new@example.com', password: 'maple-pw-1' })
    const res = await post('/login', { email: 'new@example.com', password: 'maple-pw-1' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toEqual(refusal('auth.email_not_verified'))
    expect(await auth.t.db.select().from(sessions)).toHaveLength(0)
  })

  it('gives the same 401 detail for a wrong password and an unknown email', async () => {
    await verifiedUser('known@example.com')
    const wrong = await post('/login', { email: 'known@example.com', password: 'wrong-password' })
    const unknown = await post('/login', { email: 'nobody@example.com', password: 'maple-pw-1' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual(refusal('auth.invalid_credentials'))
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('spends about as long on an unknown email as on a wrong password (no account probing by timing)', async () => {
    await verifiedUser('timed@example.com')
    async function medianMs(email: string) {
      const times: number[] = []
      // nine each (the per-address-and-e-mail limit allows ten a minute, the sign-up used one)
      for (let i = 0; i < 9; i++) {
        const start = performance.now()
        expect((await post('/login', { email, password: `wrong-${i}` })).statusCode).toBe(401)
        times.push(performance.now() - start)
      }
      return times.sort((a, b) => a - b)[4] ?? 0
    }
    const known = await medianMs('timed@example.com')
    const unknown = await medianMs('untimed@example.com')
    // an argon2id verify costs tens of ms; skipping it would answer in one or two, a tenth of the
    // known address's time or less: a quarter leaves room for a busy machine's noise, and still fails
    // on a skipped verify
    expect(unknown).toBeGreaterThan(known * 0.25)
  })

  it('does not tell an unverified account apart to someone with the wrong password', async () => {
    await post('/register', { email: 'pending@example.com', password: 'maple-pw-1' })
    const res = await post('/login', { email: 'pending@example.com', password: 'not-it-at-all' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(refusal('auth.invalid_credentials'))
  })

  it('runs the whole journey: register, follow the mailed link, sign in, sign out, token refused', async () => {
    const reg = await post('/register', { email: 'Journey@Example.com', password: 'maple-pw-1' })
    expect(reg.statusCode).toBe(201)
    const link = await latestLink('journey@example.com')
    expect(link.startsWith(`${PUBLIC_URL}/verify-email?token=`)).toBe(true)
    expect(
      (await call({ method: 'GET', url: `/api/auth/verify-email?token=${tokenOf(link)}` })).json(),
    ).toEqual({
      status: 'verified',
    })

    const login = await post('/login', { email: 'JOURNEY@example.com', password: 'maple-pw-1' })
    expect(login.statusCode).toBe(200)
    const body = login.json()
    expect(body).toEqual({
      token: expect.any(String),
      user: { id: expect.any(String), email: 'journey@example.com' },
      // this device's mark, which lets its next sign-ins past strangers' guesses (docs/decisions/044-edges.md)
      device: expect.stringMatching(/^[0-9a-f]{64}$/),
    })
    expect(body.token.length).toBeGreaterThanOrEqual(43)

    const [session] = await auth.t.db.select().from(sessions)
    expect(session?.tokenHash).not.toBe(body.token)
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000)

    const logout = await post('/logout', undefined, body.token)
    expect(logout.statusCode).toBe(204)
    const again = await post('/logout', undefined, body.token)
    expect(again.statusCode).toBe(401)
    expect(again.json().detail).toEqual(expect.any(String))
  })

  it('keeps other sessions of the user signed in when one signs out', async () => {
    const first = await verifiedUser('two@example.com')
    const second = (await post('/login', { email: 'two@example.com', password: 'maple-pw-1' })).json().token
    expect((await post('/logout', undefined, first)).statusCode).toBe(204)
    expect((await post('/logout', undefined, second)).statusCode).toBe(204)
  })

  it('refuses an expired session token with 401', async () => {
    const token = await verifiedUser('exp@example.com')
    await auth.t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
    const res = await post('/logout', undefined, token)
    expect(res.statusCode).toBe(401)
  })

  it(`answers 429 with a detail after ${RATE_LIMITS.auth.login.max} attempts a minute for one email`, async () => {
    for (let i = 0; i < RATE_LIMITS.auth.login.max; i++) {
      expect((await post('/login', { email: 'target@example.com', password: `guess-${i}` })).statusCode).toBe(
        401,
      )
    }
    const limited = await post('/login', { email: 'target@example.com', password: 'guess-last' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(/Too many requests/),
      code: expect.any(String),
    })
    expect(limited.headers['retry-after']).toBeDefined()
    // another address from the same client is not locked out
    expect((await post('/login', { email: 'other@example.com', password: 'maple-pw-1' })).statusCode).toBe(
      401,
    )
  })
  it(`counts one e-mail across addresses (${RATE_LIMITS.auth.loginPerEmail.max} in ${RATE_LIMITS.auth.loginPerEmail.timeWindow}), and lets the owner's device through`, async () => {
    await verifiedUser('owner@example.com')
    const from = (n: number) => ({ remoteAddress: `2001:db8:${n.toString(16)}::1` })
    const signIn = (n: number, body: object) =>
      call({ method: 'POST', url: '/api/auth/login', payload: body, ...from(n) })
    // the owner signed in once on their phone: the answer names the device
    const owned = await signIn(1, { email: 'owner@example.com', password: 'maple-pw-1' })
    expect(owned.statusCode).toBe(200)
    const device = owned.json().device
    expect(device).toMatch(/^[0-9a-f]{64}$/)
    // a guesser takes a new /64 for every try, which the per-address limits never see twice
    // (the sign-ins before, the sign-up's and the phone's, were counted too)
    const max = RATE_LIMITS.auth.loginPerEmail.max
    const statuses: number[] = []
    for (let n = 2; n <= max; n++) {
      statuses.push((await signIn(n, { email: 'owner@example.com', password: `guess-${n}` })).statusCode)
    }
    expect(statuses.slice(0, max - 3).every((status) => status === 401)).toBe(true)
    const limited = await signIn(1000, { email: 'OWNER@example.com', password: 'guess-last' })
    expect(limited.statusCode).toBe(429)
    // a made-up mark changes nothing; the owner's, from anywhere, signs in
    const forged = await signIn(1001, {
      email: 'owner@example.com',
      password: 'maple-pw-1',
      device: 'f'.repeat(64),
    })
    expect(forged.statusCode).toBe(429)
    const back = await signIn(1002, { email: 'owner@example.com', password: 'maple-pw-1', device })
    expect(back.statusCode).toBe(200)
    // a mark opens only its own account's limit
    expect((await signIn(1003, { email: 'other@example.com', password: 'x', device })).statusCode).toBe(401)
  }, 60_000)

  it(`answers 429 after ${RATE_LIMITS.auth.loginPerIp.max} attempts a minute from one address, whatever the emails`, async () => {
    for (let i = 0; i < RATE_LIMITS.auth.loginPerIp.max; i++) {
      const res = await post('/login', { email: `victim${i}@example.com`, password: 'password1' })
      expect(res.statusCode).toBe(401)
    }
    const limited = await post('/login', { email: 'victim-last@example.com', password: 'password1' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
  }, 60_000)
})

describe('hostile input', () => {
  const ENDPOINTS = [
    '/api/auth/register',
    '/api/auth/login',
    '/api/auth/resend-verification',
    '/api/auth/forgot-password',
    '/api/auth/reset-password',
    '/api/admin/login',
  ]

  it('never answers 5xx to random JSON, wrong types or malformed bodies, and always with a detail', async () => {
    const body = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc
        .record({
          email: fc.anything(),
          password: fc.anything(),
          token: fc.anything(),
          new_password: fc.anything(),
        })
        .map((v) => JSON.stringify(v) ?? '{}'),
      fc
        .record({ email: fc.string({ maxLength: 2000 }), password: fc.string({ maxLength: 300 }) })
        .map((v) => JSON.stringify(v)),
      fc.string({ maxLength: 200 }),
    )
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...ENDPOINTS), body, async (url, payload) => {
        const res = await call({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': 'application/json' },
        })
        expect(res.statusCode).toBeLessThan(500)
        if (res.statusCode >= 400)
          expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
