import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sessions } from '#server/db/schema/sessions.ts'
import { refusal, saying } from '#server/errors.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { isCommonPassword } from '#server/services/accounts/common-passwords.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const EMAIL = 'owner@example.com'
const PASSWORD = 'Maple-After-Dark-42'
let t: TestApp
let ipCounter = 0
let ip = ''

/** A request from this test's address, answered once the mail it queues after answering is queued too. */
async function call(options: InjectOptions) {
  const res = await t.app.inject({ remoteAddress: ip, ...options })
  await t.app.afterAnswer.settled()
  return res
}
function post(url: string, payload: object, token?: string) {
  return call({
    method: 'POST',
    url: `/api/auth${url}`,
    payload,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}
async function linkToken(email: string, path: string): Promise<string> {
  const mail = (await readOutbox(t.db, { to: email })).find((m) => m.link?.includes(path))
  const token = mail?.link ? new URL(mail.link).searchParams.get('token') : null
  if (!token) throw new Error(`no ${path} mail for ${email}`)
  return token
}
async function signIn(password = PASSWORD) {
  const res = await post('/login', { email: EMAIL, password })
  expect(res.statusCode).toBe(200)
  return res.json().token as string
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  ipCounter += 1
  ip = `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  await t.reset()
  expect((await post('/register', { email: EMAIL, password: PASSWORD })).statusCode).toBe(201)
  const verified = await call({
    method: 'GET',
    url: `/api/auth/verify-email?token=${await linkToken(EMAIL, '/verify-email')}`,
  })
  expect(verified.statusCode).toBe(200)
})

describe('the common-password list', () => {
  it('holds the 10,000 most common passwords, in any letter case', () => {
    for (const common of ['123456', 'password', 'qwerty', 'letmein', 'Password1', 'DRAGON', 'secret1']) {
      expect(isCommonPassword(common), common).toBe(true)
    }
    for (const rare of [PASSWORD, 'correct horse battery staple', 'qz7w-k']) {
      expect(isCommonPassword(rare), rare).toBe(false)
    }
  })
})

describe('common passwords are refused', () => {
  it('on register, with the same answer for a new and a taken address', async () => {
    const fresh = await post('/register', { email: 'new@example.com', password: 'password1' })
    const taken = await post('/register', { email: EMAIL, password: 'password1' })
    expect(fresh.statusCode).toBe(400)
    expect(fresh.json()).toEqual(refusal('auth.password_common'))
    expect(taken.body).toBe(fresh.body)
  })

  it('on reset, leaving the link usable for a better password', async () => {
    await post('/forgot-password', { email: EMAIL })
    const token = await linkToken(EMAIL, '/reset-password')
    const refused = await post('/reset-password', { token, new_password: 'iloveyou' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual(refusal('auth.password_common'))
    expect((await post('/reset-password', { token, new_password: 'a-much-rarer-one' })).statusCode).toBe(200)
  })

  it('on change', async () => {
    const token = await signIn()
    const res = await post(
      '/change-password',
      { current_password: PASSWORD, new_password: 'qwerty123' },
      token,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refusal('auth.password_common'))
    expect((await post('/login', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200)
  })

  it('still says a short password is too short first', async () => {
    const res = await post('/register', { email: 'new@example.com', password: '1234' })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/Password must be at least 6 characters long/)
  })
})

describe('change-password', () => {
  it('sets the new password and ends every other session, keeping this one', async () => {
    const here = await signIn()
    const elsewhere = await signIn()
    const res = await post(
      '/change-password',
      { current_password: PASSWORD, new_password: 'fresh-and-rare-7' },
      here,
    )
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual(saying('auth.password_changed'))

    const wallet = (token: string) =>
      call({ method: 'GET', url: '/api/wallet', headers: { authorization: `Bearer ${token}` } })
    expect((await wallet(here)).statusCode).toBe(200)
    expect((await wallet(elsewhere)).statusCode).toBe(401)
    expect((await post('/login', { email: EMAIL, password: PASSWORD })).statusCode).toBe(401)
    expect((await post('/login', { email: EMAIL, password: 'fresh-and-rare-7' })).statusCode).toBe(200)
  })

  it('voids reset links mailed before the change', async () => {
    await post('/forgot-password', { email: EMAIL })
    const resetToken = await linkToken(EMAIL, '/reset-password')
    const token = await signIn()
    await post('/change-password', { current_password: PASSWORD, new_password: 'fresh-and-rare-7' }, token)
    expect(
      (await post('/reset-password', { token: resetToken, new_password: 'another-rare-8' })).statusCode,
    ).toBe(400)
  })

  it('refuses a wrong current password with 400 and keeps the session and the password', async () => {
    const token = await signIn()
    const res = await post(
      '/change-password',
      { current_password: 'not-mine-at-all', new_password: 'fresh-and-rare-7' },
      token,
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual(refusal('auth.wrong_current_password'))
    const live = await t.db.select().from(sessions)
    expect(live.every((s) => s.revokedAt === null)).toBe(true)
    expect((await post('/login', { email: EMAIL, password: PASSWORD })).statusCode).toBe(200)
  })

  it('needs a signed-in user', async () => {
    const res = await post('/change-password', {
      current_password: PASSWORD,
      new_password: 'fresh-and-rare-7',
    })
    expect(res.statusCode).toBe(401)
  })

  it('refuses a new password under 6 characters with the usual words', async () => {
    const token = await signIn()
    const res = await post('/change-password', { current_password: PASSWORD, new_password: 'abc' }, token)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/Password must be at least 6 characters long/)
  })

  it(`answers 429 after ${RATE_LIMITS.auth.changePassword.max} attempts, so a stolen session cannot guess the password`, async () => {
    const token = await signIn()
    for (let i = 0; i < RATE_LIMITS.auth.changePassword.max; i++) {
      const res = await post(
        '/change-password',
        { current_password: `guess-${i}-x`, new_password: 'fresh-and-rare-7' },
        token,
      )
      expect(res.statusCode).toBe(400)
    }
    const limited = await post(
      '/change-password',
      { current_password: 'guess-last', new_password: 'fresh-and-rare-7' },
      token,
    )
    expect(limited.statusCode).toBe(429)
  })
})
