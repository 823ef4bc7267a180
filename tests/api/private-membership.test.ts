import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

// Membership of this site is private: every form that takes an email answers an address with an
// account exactly like one without. Addresses of equal length keep even the echoed email aside.
const KNOWN = 'member1@example.com'
const UNKNOWN = 'nobody1@example.com'
const PASSWORD = 'Maple-After-Dark-42'

let t: TestApp
let ipCounter = 0
let ip = ''

/** Answered once the mail forgot-password and resend-verification queue after answering is queued too. */
async function post(url: string, payload: object, options: Partial<InjectOptions> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/auth${url}`,
    payload,
    remoteAddress: ip,
    ...options,
  })
  await t.app.afterAnswer.settled()
  return res
}

/** What a caller can observe of an answer, with the address it sent replaced by a placeholder. */
function observable(res: LightMyRequestResponse, address: string) {
  return {
    status: res.statusCode,
    body: res.body.split(address).join('<address>'),
    type: res.headers['content-type'],
    length: res.headers['content-length'],
    cache: res.headers['cache-control'],
  }
}

async function verify(email: string) {
  const [mail] = await readOutbox(t.db, { to: email })
  const token = new URL(mail?.link ?? '').searchParams.get('token')
  const res = await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${token}` })
  expect(res.json()).toEqual({ status: 'verified' })
}

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  ipCounter += 1
  ip = `10.7.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  await t.reset()
})

describe.each([
  ['unverified', false],
  ['verified', true],
])('an address with an %s account', (_label, verified) => {
  beforeEach(async () => {
    expect(UNKNOWN).toHaveLength(KNOWN.length)
    expect((await post('/register', { email: KNOWN, password: PASSWORD })).statusCode).toBe(201)
    if (verified) await verify(KNOWN)
  })

  it('gets the same register answer as an unknown address, byte for byte', async () => {
    const known = await post('/register', { email: KNOWN, password: 'another-pass-99' })
    const unknown = await post('/register', { email: UNKNOWN, password: 'another-pass-99' })
    expect(known.statusCode).toBe(201)
    expect(observable(known, KNOWN)).toEqual(observable(unknown, UNKNOWN))
  })

  it('gets the same forgot-password answer as an unknown address, byte for byte', async () => {
    const known = await post('/forgot-password', { email: KNOWN })
    const unknown = await post('/forgot-password', { email: UNKNOWN })
    expect(known.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(observable(known, KNOWN)).toEqual(observable(unknown, UNKNOWN))
  })

  it('gets the same resend-verification answer as an unknown address, byte for byte', async () => {
    const known = await post('/resend-verification', { email: KNOWN })
    const unknown = await post('/resend-verification', { email: UNKNOWN })
    expect(known.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(observable(known, KNOWN)).toEqual(observable(unknown, UNKNOWN))
  })

  it('mails the owner that someone tried to sign up, and keeps their password', async () => {
    await post('/register', { email: KNOWN.toUpperCase(), password: 'intruder-pass-77' })
    const [notice] = await readOutbox(t.db, { to: KNOWN, limit: 1 })
    expect(notice?.subject).toBe('Someone tried to sign up with your address')
    expect(notice?.text).toMatch(/already has an account/)
    // an unverified owner may be the one trying again: they get a fresh link to finish
    expect(Boolean(notice?.link)).toBe(!verified)
    if (!verified) await verify(KNOWN)
    const intruder = await post('/login', { email: KNOWN, password: 'intruder-pass-77' })
    expect(intruder.statusCode).toBe(401)
    expect((await post('/login', { email: KNOWN, password: PASSWORD })).statusCode).toBe(200)
  })
})

describe('mail to unknown addresses', () => {
  it('is never sent: register creates the account, forgot and resend mail nobody', async () => {
    await post('/forgot-password', { email: UNKNOWN })
    await post('/resend-verification', { email: UNKNOWN })
    expect(await readOutbox(t.db, { to: UNKNOWN })).toEqual([])
    await post('/register', { email: UNKNOWN, password: PASSWORD })
    const mails = await readOutbox(t.db, { to: UNKNOWN })
    expect(mails.map((m) => m.subject)).toEqual(['Verify your email address'])
  })
})
