import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { adminTokenOn } from '#tests/support/admin-app.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const ADMIN = { username: 'boss', password: 'hardening-admin-password' }
const DAY_MS = 24 * 60 * 60 * 1000
let t: TestApp
let ipCounter = 0
let ip = ''

async function userToken(): Promise<string> {
  const [user] = await t.db
    .insert(users)
    .values({ email: `u${ipCounter}@example.com`, passwordHash: 'x', emailVerifiedAt: new Date() })
    .returning()
  return createSession(t.db, user?.id ?? '')
}

function get(url: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: ip,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
})
afterAll(() => t.close())
beforeEach(async () => {
  ipCounter += 1
  ip = `10.8.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  await t.reset()
})

describe('Cache-Control on authenticated answers', () => {
  it('sends no-store on every user answer, errors and refusals included', async () => {
    const token = await userToken()
    const auth = { authorization: `Bearer ${token}` }
    const answers = [
      await get('/api/wallet', token),
      await t.app.inject({ method: 'POST', url: '/api/wallet/pay', headers: auth, payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/payments/crypto/charge', headers: auth, payload: {} }),
      await get('/api/wallet'),
      await get('/api/wallet', 'not-a-token'),
      await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth }),
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([200, 400, 400, 401, 401, 204])
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store')
  })

  it('sends no-store on every admin answer', async () => {
    const token = await adminTokenOn(t, ip, ADMIN)
    const answers = [
      await get('/api/dev/outbox', token),
      await get('/api/dev/outbox'),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/purge',
        headers: { authorization: `Bearer ${token}` },
      }),
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/logout',
        headers: { authorization: `Bearer ${token}` },
      }),
    ]
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 200, 204])
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store')
  })

  it('leaves public answers cacheable as before', async () => {
    const res = await get('/api/meta/cities?limit=1')
    expect(res.headers['cache-control']).not.toBe('no-store')
  })
})

describe('user sessions slide', () => {
  it('keep going while used within 14 days, and each use restarts the idle clock', async () => {
    const token = await userToken()
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 13 * DAY_MS) })
    expect((await get('/api/wallet', token)).statusCode).toBe(200)
    const [session] = await t.db.select().from(sessions)
    expect(session?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  it('end after 14 idle days', async () => {
    const token = await userToken()
    await t.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 14 * DAY_MS - 60_000) })
    expect((await get('/api/wallet', token)).statusCode).toBe(401)
  })

  it('end 30 days after sign-in however much they are used', async () => {
    const token = await userToken()
    const [session] = await t.db.select().from(sessions)
    expect(session?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS)
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000)
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000), lastSeenAt: new Date() })
    expect((await get('/api/wallet', token)).statusCode).toBe(401)
  })
})

describe('the public charge-status route', () => {
  it(`answers 429 after ${RATE_LIMITS.payments.chargeStatus.max} polls a minute from one address`, async () => {
    const url = '/api/payments/crypto/charge/no-such-charge-0000/status'
    for (let i = 0; i < RATE_LIMITS.payments.chargeStatus.max; i++)
      expect((await get(url)).statusCode).toBe(404)
    const limited = await get(url)
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
    // another address still gets its answer
    ip = '10.8.250.250'
    expect((await get(url)).statusCode).toBe(404)
  })
})
