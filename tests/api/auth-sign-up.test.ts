import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { MAX_PASSWORD_LENGTH } from '#domain/constants.ts'
import { buildApp } from '#server/app.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { accountTokens, users } from '#server/db/schema/users.ts'
import { saying } from '#server/errors.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { register } from '#server/services/accounts/accounts.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { OUTBOX_ADMIN, PUBLIC_URL, rowsOf, setupAuthApp, tokenOf } from '#tests/support/auth-app.ts'

// Signing up: register, the mailed verification link, resending it, the register rate limit, the
// dev outbox and mail over SMTP.

const auth = setupAuthApp()
const { call, post, latestLink, verifiedUser } = auth

describe('register', () => {
  // issue 43 item 24: a new address took 22.6 ms against 20.0 ms for a known one on PostgreSQL
  it('answers before looking the address up, so a new and a known address do the same work before the answer', async () => {
    await verifiedUser('known@example.com')
    const left: (() => Promise<void>)[] = []
    const deps = {
      db: auth.t.db,
      publicUrl: PUBLIC_URL,
      mailQueued: () => {},
      afterAnswer: (_name: string, task: () => Promise<void>) => void left.push(task),
    }
    const known = await register(deps, 'known@example.com', 'maple-pw-2')
    const fresh = await register(deps, 'fresh@example.com', 'maple-pw-2')
    expect({ ...known, email: '' }).toEqual({ ...fresh, email: '' })
    // answered: no account made and no mail queued yet, for either address
    expect(await auth.t.db.select().from(users).where(eq(users.email, 'fresh@example.com'))).toEqual([])
    expect(await readOutbox(auth.t.db, { to: 'known@example.com' })).toHaveLength(1)
    for (const task of left.splice(0)) await task()
    expect(await auth.t.db.select().from(users).where(eq(users.email, 'fresh@example.com'))).toHaveLength(1)
    expect(await readOutbox(auth.t.db, { to: 'fresh@example.com' })).toHaveLength(1)
    // the known address is told someone tried to sign up with it
    expect(await readOutbox(auth.t.db, { to: 'known@example.com' })).toHaveLength(2)
  })

  it('tries the work again when the database refused it after the answer', async () => {
    let refusals = 2
    const db = new Proxy(auth.t.db, {
      get(target, property, receiver) {
        if (property === 'select' && refusals > 0) {
          refusals -= 1
          return () => {
            throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
          }
        }
        return Reflect.get(target, property, receiver)
      },
    })
    const left: (() => Promise<void>)[] = []
    const deps = {
      db,
      publicUrl: PUBLIC_URL,
      mailQueued: () => {},
      afterAnswer: (_: string, task: () => Promise<void>) => void left.push(task),
    }
    const res = await register(deps, 'later@example.com', 'maple-pw-2', 'en', [0, 0])
    expect(res.code).toBe('auth.registered')
    for (const task of left) await task()
    expect(refusals).toBe(0)
    expect(await auth.t.db.select().from(users).where(eq(users.email, 'later@example.com'))).toHaveLength(1)
  })

  it('creates the account with a lower-cased email, mails a verification link and starts no session', async () => {
    const res = await post('/register', { email: '  Ada@Example.COM ', password: 'maple-pw-1' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toEqual({
      message: expect.any(String),
      code: 'auth.registered',
      email: 'ada@example.com',
    })
    expect(res.json()).not.toHaveProperty('token')

    const [user] = await auth.t.db.select().from(users)
    expect(user?.email).toBe('ada@example.com')
    expect(user?.emailVerifiedAt).toBeNull()
    expect(await auth.t.db.select().from(sessions)).toHaveLength(0)

    const mails = await readOutbox(auth.t.db, { to: 'ada@example.com' })
    expect(mails).toHaveLength(1)
    expect(mails[0]?.link).toMatch(/^https:\/\/maple\.example\/verify-email\?token=[\w-]{43}$/)
    expect(mails[0]?.text).toContain(mails[0]?.link)
  })

  it('stores the password as an argon2id hash with the OWASP parameters, never in clear', async () => {
    await post('/register', { email: 'hash@example.com', password: 'maple-pw-1' })
    const [user] = await auth.t.db.select().from(users)
    expect(user?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(user?.passwordHash).not.toContain('maple-pw-1')
  })

  it('keeps one account for an address in any letter case: a second sign-up changes nothing', async () => {
    await post('/register', { email: 'dup@example.com', password: 'maple-pw-1' })
    const res = await post('/register', { email: 'DUP@example.com', password: 'another1' })
    expect(res.statusCode).toBe(201)
    const rows = await auth.t.db.select().from(users).where(eq(users.email, 'dup@example.com'))
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
    expect(await auth.t.db.select().from(users)).toHaveLength(0)
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
    const [user] = await auth.t.db.select().from(users)
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
    await auth.t.db.update(accountTokens).set({ expiresAt: new Date(Date.now() - 1000) })
    const res = await call({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })
    expect(res.statusCode).toBe(400)
    const [user] = await auth.t.db.select().from(users)
    expect(user?.emailVerifiedAt).toBeNull()
  })

  it('stores only a hash of the mailed token', async () => {
    await post('/register', { email: 'h@example.com', password: 'maple-pw-1' })
    const token = tokenOf(await latestLink('h@example.com'))
    const [row] = await auth.t.db.select().from(accountTokens)
    expect(row?.tokenHash).not.toBe(token)
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000)
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 24 * 3600_000)
  })
})

describe('resend-verification', () => {
  it('mails a fresh link to an unverified account, and answers unknown addresses the same way', async () => {
    await post('/register', { email: 'again@example.com', password: 'maple-pw-1' })
    const known = await post('/resend-verification', { email: 'Again@example.com' })
    const unknown = await post('/resend-verification', { email: 'ghost@example.com' })
    expect(known.statusCode).toBe(200)
    expect(known.json()).toEqual(unknown.json())
    expect(known.json().status).toBe('sent')
    expect(await readOutbox(auth.t.db, { to: 'again@example.com' })).toHaveLength(2)
    expect(await readOutbox(auth.t.db, { to: 'ghost@example.com' })).toHaveLength(0)

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
    expect(await readOutbox(auth.t.db, { to: 'done@example.com' })).toHaveLength(1)
  })

  it('refuses a missing email with 400', async () => {
    const res = await post('/resend-verification', {})
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/email/)
  })

  it(`answers 429 after ${RATE_LIMITS.auth.resend.max} requests for one email`, async () => {
    for (let i = 0; i < RATE_LIMITS.auth.resend.max; i++) {
      expect((await post('/resend-verification', { email: 'spam@example.com' })).statusCode).toBe(200)
    }
    expect((await post('/resend-verification', { email: 'spam@example.com' })).statusCode).toBe(429)
  })
})

describe('register rate limit and the dev outbox', () => {
  it(`answers 429 after ${RATE_LIMITS.auth.register.max} sign-ups from one address`, async () => {
    for (let i = 0; i < RATE_LIMITS.auth.register.max; i++) {
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
    expect(asUser.statusCode).toBe(403)
    const admin = await call({ method: 'POST', url: '/api/admin/login', payload: OUTBOX_ADMIN })
    const res = await call({ method: 'GET', url, headers: { authorization: `Bearer ${admin.json().token}` } })
    expect(res.statusCode).toBe(200)
    const { messages } = res.json()
    expect(messages).toHaveLength(2)
    expect(messages[0].link).toBe(await latestLink('outbox@example.com'))
    expect(messages[0]).toMatchObject({ to: 'outbox@example.com', subject: expect.any(String) })
    const count = await auth.t.db.execute(
      sql`SELECT count(*)::int AS n FROM outbox WHERE "to" = 'outbox@example.com'`,
    )
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2)
  })
})

describe('mail over SMTP', () => {
  it('queues mail in the outbox and sends it from the background, so a mail server outage never fails the request', async () => {
    // port 1 refuses connections at once: the sender must try SMTP and survive its failure
    const smtpApp = await buildApp({
      config: { ...auth.t.config, SMTP_URL: 'smtp://127.0.0.1:1' },
      database: auth.t.database,
    })
    try {
      const payload = { email: 'smtp@example.com', password: 'maple-pw-1' }
      const reg = await smtpApp.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload,
        remoteAddress: auth.ip,
      })
      expect(reg.statusCode).toBe(201)
      expect(reg.json().message).toBe(saying('auth.registered').message)
      // the account is made after the answer (accounts.ts, register)
      await smtpApp.afterAnswer.settled()
      const forgot = await smtpApp.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'smtp@example.com' },
        remoteAddress: auth.ip,
      })
      expect(forgot.statusCode).toBe(200)
      // forgot-password queues its mail after answering (services/accounts/after-answer.ts)
      await smtpApp.afterAnswer.settled()
      expect(await smtpApp.mailSender?.drain()).toBe(0)
      // both mails wait for their retry, each tried once so far
      const [row] = rowsOf<{ n: number; tries: number }>(
        await auth.t.db.execute(sql`SELECT count(*)::int AS n, min(attempts)::int AS tries FROM outbox`),
      )
      expect(row).toEqual({ n: 2, tries: 1 })
    } finally {
      await smtpApp.close()
    }
  })
})
