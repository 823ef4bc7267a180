import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { EMAIL_NOT_VERIFIED, INVALID_CREDENTIALS_DETAIL } from '#domain/api/auth.ts'
import { MAX_PASSWORD_LENGTH } from '#domain/constants.ts'
import { buildApp } from '#server/app.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { accountTokens, users } from '#server/db/schema/users.ts'
import { AUTH_RATE_LIMITS } from '#server/routes/auth.ts'
import { REGISTER_MESSAGE } from '#server/services/accounts/accounts.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const PUBLIC_URL = 'https://maple.example'
const OUTBOX_ADMIN = { username: 'admin', password: 'outbox-admin-password' }
let t: TestApp
let clientIp = 0

// every test speaks from its own address, so the per-IP rate limits of one test never leak into another
let ip = ''
function nextIp() {
  clientIp += 1
  return `10.0.${Math.floor(clientIp / 250)}.${(clientIp % 250) + 1}`
}

function call(options: InjectOptions) {
  return t.app.inject({ remoteAddress: ip, ...options })
}

function post(url: string, payload?: object, token?: string) {
  return call({
    method: 'POST',
    url: `/api/auth${url}`,
    ...(payload ? { payload } : {}),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

function tokenOf(link: string | null | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

async function latestLink(email: string): Promise<string> {
  const [message] = await readOutbox(t.db, { to: email, limit: 1 })
  if (!message?.link) throw new Error(`no mail for ${email}`)
  return message.link
}

async function verifiedUser(email: string, password = 'maple-pw-1'): Promise<string> {
  expect((await post('/register', { email, password })).statusCode).toBe(201)
  const verified = await call({
    method: 'GET',
    url: `/api/auth/verify-email?token=${tokenOf(await latestLink(email))}`,
  })
  expect(verified.json()).toEqual({ status: 'verified' })
  const login = await post('/login', { email, password })
  expect(login.statusCode).toBe(200)
  return login.json().token as string
}

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL,
    ADMIN_USERNAME: OUTBOX_ADMIN.username,
    ADMIN_PASSWORD: OUTBOX_ADMIN.password,
  })
})
afterAll(() => t.close())
beforeEach(async () => {
  ip = nextIp()
  await t.reset()
})

describe('register', () => {
  it('creates the account with a lower-cased email, mails a verification link and starts no session', async () => {
    const res = await post('/register', { email: '  Ada@Example.COM ', password: 'maple-pw-1' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({ message: expect.any(String), email: 'ada@example.com' })
    expect(res.json()).not.toHaveProperty('token')

    const [user] = await t.db.select().from(users)
    expect(user?.email).toBe('ada@example.com')
    expect(user?.emailVerifiedAt).toBeNull()
    expect(await t.db.select().from(sessions)).toHaveLength(0)

    const mails = await readOutbox(t.db, { to: 'ada@example.com' })
    expect(mails).toHaveLength(1)
    expect(mails[0]?.link).toMatch(/^https:\/\/maple\.example\/verify-email\?token=[\w-]{43}$/)
    expect(mails[0]?.text).toContain(mails[0]?.link)
  })

  it('stores the password as an argon2id hash with the OWASP parameters, never in clear', async () => {
    await post('/register', { email: 'hash@example.com', password: 'maple-pw-1' })
    const [user] = await t.db.select().from(users)
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user?.passwordHash).not.toContain('maple-pw-1')
  })

  it('keeps one account for an address in any letter case: a second sign-up changes nothing', async () => {
    await post('/register', { email: 'dup@example.com', password: 'maple-pw-1' })
    const res = await post('/register', { email: 'DUP@example.com', password: 'another1' })
    expect(res.statusCode).toBe(201)
    const rows = await t.db.select().from(users).where(eq(users.email, 'dup@example.com'))
    expect(rows).toHaveLength(1)
  })

  it.each([
    ['a malformed email', { email: 'not-an-email', password: 'maple-pw-1' }, /email/],
    ['a 5-character password', { email: 'a@example.com', password: '12345' }, /at least 6 characters/],
    [
      'a password over the maximum',
      { email: 'a@example.com', password: 'x'.repeat(MAX_PASSWORD_LENGTH + 1) },
      /at most/,
    ],
    ['a missing password', { email: 'a@example.com' }, /password/],
    ['wrong types', { email: 42, password: ['maple-pw-1'] }, /email/],
  ])('answers 400 with a detail naming the field for %s', async (_label, body, detail) => {
    const res = await post('/register', body)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(detail)
    expect(await t.db.select().from(users)).toHaveLength(0)
  })

  it('accepts a password of exactly 6 and exactly the maximum length', async () => {
    expect((await post('/register', { email: 'six@example.com', password: 'qz7w-k' })).statusCode).toBe(201)
    const long = 'y'.repeat(MAX_PASSWORD_LENGTH)
    expect((await post('/register', { email: 'long@example.com', password: long })).statusCode).toBe(201)
  })
})

describe('verify-email', () => {
  it('verifies once, then answers already_verified for the same link', async () => {
    await post('/register', { email: 'v@example.com', password: 'maple-pw-1' })
    const url = `/api/auth/verify-email?token=${tokenOf(await latestLink('v@example.com'))}`
    expect((await call({ method: 'GET', url })).json()).toEqual({ status: 'verified' })
    const again = await call({ method: 'GET', url })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual({ status: 'already_verified' })
    const [user] = await t.db.select().from(users)
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date)
  })

  it('refuses an unknown token with 400', async () => {
    const res = await call({ method: 'GET', url: '/api/auth/verify-email?token=not-a-real-token' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/invalid or has expired/)
  })

  it('refuses a request without a token with the spec text', async () => {
    const res = await call({ method: 'GET', url: '/api/auth/verify-email' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toContain('No verification token provided')
  })

  it('refuses an expired link and leaves the account unverified', async () => {
    await post('/register', { email: 'late@example.com', password: 'maple-pw-1' })
    const token = tokenOf(await latestLink('late@example.com'))
    await t.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    const res = await call({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })
    expect(res.statusCode).toBe(400)
    const [user] = await t.db.select().from(users)
    expect(user?.emailVerifiedAt).toBeNull()
  })

  it('stores only a hash of the mailed token', async () => {
    await post('/register', { email: 'h@example.com', password: 'maple-pw-1' })
    const token = tokenOf(await latestLink('h@example.com'))
    const [row] = await t.db.select().from(accountTokens)
    expect(row?.tokenHash).not.toBe(token)
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000)
  })
})

describe('login and logout', () => {
  it('refuses an unverified account with 403 and a detail containing "Email not verified"', async () => {
    await post('/register', { email: 'new@example.com', password: 'maple-pw-1' })
    const res = await post('/login', { email: 'new@example.com', password: 'maple-pw-1' })
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toContain(EMAIL_NOT_VERIFIED)
    expect(await t.db.select().from(sessions)).toHaveLength(0)
  })

  it('gives the same 401 detail for a wrong password and an unknown email', async () => {
    await verifiedUser('known@example.com')
    const wrong = await post('/login', { email: 'known@example.com', password: 'wrong-password' })
    const unknown = await post('/login', { email: 'nobody@example.com', password: 'maple-pw-1' })
    expect(wrong.statusCode).toBe(401)
    expect(unknown.statusCode).toBe(401)
    expect(wrong.json()).toEqual({ detail: INVALID_CREDENTIALS_DETAIL })
    expect(unknown.json()).toEqual(wrong.json())
  })

  it('spends about as long on an unknown email as on a wrong password (no account probing by timing)', async () => {
    await verifiedUser('timed@example.com')
    async function medianMs(email: string) {
      const times: number[] = []
      for (let i = 0; i < 5; i++) {
        const start = performance.now()
        expect((await post('/login', { email, password: `wrong-${i}` })).statusCode).toBe(401)
        times.push(performance.now() - start)
      }
      return times.sort((a, b) => a - b)[2] ?? 0
    }
    const known = await medianMs('timed@example.com')
    const unknown = await medianMs('untimed@example.com')
    // an argon2id verify costs tens of ms; skipping it would answer in a few
    expect(unknown).toBeGreaterThan(known * 0.4)
  })

  it('does not tell an unverified account apart to someone with the wrong password', async () => {
    await post('/register', { email: 'pending@example.com', password: 'maple-pw-1' })
    const res = await post('/login', { email: 'pending@example.com', password: 'not-it-at-all' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ detail: INVALID_CREDENTIALS_DETAIL })
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
    })
    expect(body.token.length).toBeGreaterThanOrEqual(43)

    const [session] = await t.db.select().from(sessions)
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
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
    const res = await post('/logout', undefined, token)
    expect(res.statusCode).toBe(401)
  })

  it(`answers 429 with a detail after ${AUTH_RATE_LIMITS.login.max} attempts a minute for one email`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.login.max; i++) {
      expect((await post('/login', { email: 'target@example.com', password: `guess-${i}` })).statusCode).toBe(
        401,
      )
    }
    const limited = await post('/login', { email: 'target@example.com', password: 'guess-last' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ detail: expect.stringMatching(/Too many requests/) })
    expect(limited.headers['retry-after']).toBeDefined()
    // another address from the same client is not locked out
    expect((await post('/login', { email: 'other@example.com', password: 'maple-pw-1' })).statusCode).toBe(
      401,
    )
  })
  it(`answers 429 after ${AUTH_RATE_LIMITS.loginPerIp.max} attempts a minute from one address, whatever the emails`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.loginPerIp.max; i++) {
      const res = await post('/login', { email: `victim${i}@example.com`, password: 'password1' })
      expect(res.statusCode).toBe(401)
    }
    const limited = await post('/login', { email: 'victim-last@example.com', password: 'password1' })
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
  }, 60_000)
})

describe('resend-verification', () => {
  it('mails a fresh link to an unverified account, and answers unknown addresses the same way', async () => {
    await post('/register', { email: 'again@example.com', password: 'maple-pw-1' })
    const known = await post('/resend-verification', { email: 'Again@example.com' })
    const unknown = await post('/resend-verification', { email: 'ghost@example.com' })
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    expect(known.json().status).toBe('sent')
    expect(await readOutbox(t.db, { to: 'again@example.com' })).toHaveLength(2)
    expect(await readOutbox(t.db, { to: 'ghost@example.com' })).toHaveLength(0)

    const fresh = tokenOf(await latestLink('again@example.com'))
    expect((await call({ method: 'GET', url: `/api/auth/verify-email?token=${fresh}` })).json()).toEqual({
      status: 'verified',
    })
  })

  it('answers a verified account like any other and mails it no link', async () => {
    await verifiedUser('done@example.com')
    const res = await post('/resend-verification', { email: 'done@example.com' })
    const unknown = await post('/resend-verification', { email: 'nobody@example.com' })
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe(unknown.body)
    expect(res.json().status).toBe('sent')
    expect(await readOutbox(t.db, { to: 'done@example.com' })).toHaveLength(1)
  })

  it('refuses a missing email with 400', async () => {
    const res = await post('/resend-verification', {})
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/email/)
  })

  it(`answers 429 after ${AUTH_RATE_LIMITS.resend.max} requests for one email`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.resend.max; i++) {
      expect((await post('/resend-verification', { email: 'spam@example.com' })).statusCode).toBe(200)
    }
    expect((await post('/resend-verification', { email: 'spam@example.com' })).statusCode).toBe(429)
  })
})

describe('forgot-password and reset-password', () => {
  async function resetLink(email: string) {
    const res = await post('/forgot-password', { email })
    expect(res.statusCode).toBe(200)
    return latestLink(email)
  }

  it('gives the same answer whether or not the address has an account, and mails only the account', async () => {
    await verifiedUser('forgetful@example.com')
    const known = await post('/forgot-password', { email: 'forgetful@example.com' })
    const unknown = await post('/forgot-password', { email: 'stranger@example.com' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(await latestLink('forgetful@example.com')).toMatch(
      /^https:\/\/maple\.example\/reset-password\?token=/,
    )
    expect(await readOutbox(t.db, { to: 'stranger@example.com' })).toHaveLength(0)
  })

  it('sets the new password, revokes every session, and the link works only once', async () => {
    const oldSession = await verifiedUser('reset@example.com', 'old-secret')
    const token = tokenOf(await resetLink('reset@example.com'))

    const res = await post('/reset-password', { token, new_password: 'new-secret' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: expect.any(String) })

    expect((await post('/logout', undefined, oldSession)).statusCode).toBe(401)
    expect((await post('/login', { email: 'reset@example.com', password: 'old-secret' })).statusCode).toBe(
      401,
    )
    expect((await post('/login', { email: 'reset@example.com', password: 'new-secret' })).statusCode).toBe(
      200,
    )

    const reuse = await post('/reset-password', { token, new_password: 'third-secret' })
    expect(reuse.statusCode).toBe(400)
    expect(reuse.json().detail).toMatch(/invalid or has expired/)
    expect((await post('/login', { email: 'reset@example.com', password: 'third-secret' })).statusCode).toBe(
      401,
    )
  })

  it('voids older reset links once the password changed', async () => {
    await verifiedUser('twice@example.com')
    const older = tokenOf(await resetLink('twice@example.com'))
    const newer = tokenOf(await resetLink('twice@example.com'))
    expect((await post('/reset-password', { token: newer, new_password: 'changed1' })).statusCode).toBe(200)
    expect((await post('/reset-password', { token: older, new_password: 'changed2' })).statusCode).toBe(400)
  })

  it('refuses an expired link with 400 and keeps the old password', async () => {
    await verifiedUser('slow@example.com')
    const token = tokenOf(await resetLink('slow@example.com'))
    await t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'reset_password'))
    expect((await post('/reset-password', { token, new_password: 'new-secret' })).statusCode).toBe(400)
    expect((await post('/login', { email: 'slow@example.com', password: 'maple-pw-1' })).statusCode).toBe(200)
  })

  it('expires reset links after one hour', async () => {
    await verifiedUser('hour@example.com')
    await resetLink('hour@example.com')
    const [row] = await t.db
      .select({ expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'reset_password'))
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000)
  })

  it('refuses a too-short new password and a verification token used as a reset token', async () => {
    await post('/register', { email: 'mixed@example.com', password: 'maple-pw-1' })
    const verifyToken = tokenOf(await latestLink('mixed@example.com'))
    const short = await post('/reset-password', { token: verifyToken, new_password: '123' })
    expect(short.statusCode).toBe(400)
    expect(short.json().detail).toMatch(/at least 6 characters/)
    const wrongKind = await post('/reset-password', { token: verifyToken, new_password: 'long-enough' })
    expect(wrongKind.statusCode).toBe(400)
  })

  it('verifies an unverified account whose owner followed a reset link', async () => {
    await post('/register', { email: 'unverified@example.com', password: 'maple-pw-1' })
    const token = tokenOf(await resetLink('unverified@example.com'))
    expect((await post('/reset-password', { token, new_password: 'fresh-secret' })).statusCode).toBe(200)
    expect(
      (await post('/login', { email: 'unverified@example.com', password: 'fresh-secret' })).statusCode,
    ).toBe(200)
  })

  it(`answers 429 after ${AUTH_RATE_LIMITS.forgot.max} requests for one email`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.forgot.max; i++) {
      expect((await post('/forgot-password', { email: 'flood@example.com' })).statusCode).toBe(200)
    }
    const res = await post('/forgot-password', { email: 'flood@example.com' })
    expect(res.statusCode).toBe(429)
    expect(res.json().detail).toEqual(expect.any(String))
  })
})

describe('register rate limit and the dev outbox', () => {
  it(`answers 429 after ${AUTH_RATE_LIMITS.register.max} sign-ups from one address`, async () => {
    for (let i = 0; i < AUTH_RATE_LIMITS.register.max; i++) {
      // invalid bodies are refused before the counter; use cheap valid ones
      expect(
        (await post('/register', { email: `bot${i}@example.com`, password: 'maple-pw-1' })).statusCode,
      ).toBe(201)
    }
    const res = await post('/register', { email: 'bot-last@example.com', password: 'maple-pw-1' })
    expect(res.statusCode).toBe(429)
    expect(res.json().detail).toMatch(/Too many requests/)
  }, 60_000)

  it('lists the latest mails for an address over HTTP outside production, to the admin only', async () => {
    await post('/register', { email: 'outbox@example.com', password: 'maple-pw-1' })
    await post('/resend-verification', { email: 'outbox@example.com' })
    const url = '/api/dev/outbox?to=OUTBOX@example.com'
    expect((await call({ method: 'GET', url })).statusCode).toBe(401)
    const userToken = await verifiedUser('someone@example.com')
    const asUser = await call({ method: 'GET', url, headers: { authorization: `Bearer ${userToken}` } })
    expect(asUser.statusCode).toBe(401)
    const admin = await call({ method: 'POST', url: '/api/admin/login', payload: OUTBOX_ADMIN })
    const res = await call({ method: 'GET', url, headers: { authorization: `Bearer ${admin.json().token}` } })
    expect(res.statusCode).toBe(200)
    const { messages } = res.json()
    expect(messages).toHaveLength(2)
    expect(messages[0].link).toBe(await latestLink('outbox@example.com'))
    expect(messages[0]).toMatchObject({ to: 'outbox@example.com', subject: expect.any(String) })
    const count = await t.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox WHERE "to" = 'outbox@example.com'`,
    )
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2)
  })
})

describe('mail over SMTP', () => {
  it('queues mail in the outbox and sends it from the background, so a mail server outage never fails the request', async () => {
    // port 1 refuses connections at once: the sender must try SMTP and survive its failure
    const smtpApp = await buildApp({
      config: { ...t.config, SMTP_URL: 'smtp://127.0.0.1:1' },
      database: t.database,
    })
    try {
      const payload = { email: 'smtp@example.com', password: 'maple-pw-1' }
      const reg = await smtpApp.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload,
        remoteAddress: ip,
      })
      expect(reg.statusCode).toBe(201)
      expect(reg.json().message).toBe(REGISTER_MESSAGE)
      const forgot = await smtpApp.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'smtp@example.com' },
        remoteAddress: ip,
      })
      expect(forgot.statusCode).toBe(200)
      expect(await smtpApp.mailSender?.drain()).toBe(0)
      // both mails wait for their retry, each tried once so far
      const [row] = rowsOf<{ n: number; tries: number }>(
        await t.db.execute(sql`SELECT count(*)::int AS n, min(attempts)::int AS tries FROM outbox`),
      )
      expect(row).toEqual({ n: 2, tries: 1 })
    } finally {
      await smtpApp.close()
    }
  })
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
        if (res.statusCode >= 400) expect(res.json()).toEqual({ detail: expect.any(String) })
      }),
      { numRuns: 150 },
    )
  }, 120_000)
})
