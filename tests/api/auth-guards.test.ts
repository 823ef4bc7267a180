import { randomUUID } from 'node:crypto'
import type { HTTPMethods } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adminSessions, sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { createAdminSession, createSession, revokeSession } from '#server/services/accounts/sessions.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

// Every protected route of the API, with a body that passes validation (so the answer shows the
// guard, not the schema). Add new protected routes here: each gets the whole set of token checks.
interface ProtectedRoute {
  role: 'user' | 'admin'
  method: HTTPMethods
  /** the route as registered (for hasRoute) */
  pattern: string
  url: () => string
  payload?: object
}

const ROUTES: ProtectedRoute[] = [
  { role: 'user', method: 'POST', pattern: '/api/auth/logout', url: () => '/api/auth/logout' },
  { role: 'user', method: 'GET', pattern: '/api/wallet/', url: () => '/api/wallet/' },
  {
    role: 'user',
    method: 'POST',
    pattern: '/api/wallet/pay',
    url: () => '/api/wallet/pay',
    payload: { type: 'post' },
  },
  {
    role: 'user',
    method: 'POST',
    pattern: '/api/wallet/topup/initiate',
    url: () => '/api/wallet/topup/initiate',
    payload: { amount: 5 },
  },
  {
    role: 'user',
    method: 'POST',
    pattern: '/api/wallet/topup/confirm',
    url: () => '/api/wallet/topup/confirm',
    payload: { charge_id: 'ch_guard_test' },
  },
  {
    role: 'user',
    method: 'POST',
    pattern: '/api/payments/crypto/charge',
    url: () => '/api/payments/crypto/charge',
    payload: { amount: 5, description: 'Wallet top-up', chargeType: 'topup' },
  },
  {
    role: 'user',
    method: 'POST',
    pattern: '/api/ads',
    url: () => '/api/ads',
    payload: { title: 'Guard robe', category: 'adult-buy-sell', province: 'ON', city: 'Toronto' },
  },
  { role: 'user', method: 'GET', pattern: '/api/ads/mine', url: () => '/api/ads/mine' },
  {
    role: 'user',
    method: 'PATCH',
    pattern: '/api/ads/:id',
    url: () => '/api/ads/zzzzzzzzzzzz',
    payload: { title: 'Guard robe' },
  },
  { role: 'user', method: 'DELETE', pattern: '/api/ads/:id', url: () => '/api/ads/zzzzzzzzzzzz' },
  { role: 'admin', method: 'POST', pattern: '/api/admin/purge', url: () => '/api/admin/purge' },
  {
    role: 'admin',
    method: 'POST',
    pattern: '/api/moderation/banned-words',
    url: () => '/api/moderation/banned-words',
    payload: { phrase: 'guard test phrase' },
  },
  {
    role: 'admin',
    method: 'DELETE',
    pattern: '/api/moderation/banned-words/:id',
    url: () => `/api/moderation/banned-words/${randomUUID()}`,
  },
]

let t: TestApp
let userToken = ''
let adminToken = ''

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'guard-secret' })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  const [user] = await t.db
    .insert(users)
    .values({ email: 'guard@example.com', passwordHash: 'unused', emailVerifiedAt: new Date() })
    .returning()
  userToken = await createSession(t.db, user?.id ?? '')
  adminToken = await createAdminSession(t.db, 'admin')
})

function send(route: ProtectedRoute, authorization?: string) {
  return t.app.inject({
    method: route.method,
    url: route.url(),
    ...(route.payload ? { payload: route.payload } : {}),
    headers: authorization ? { authorization } : {},
  })
}

// what each case does to the database before the call, and the header it sends
const CASES: [string, (route: ProtectedRoute) => Promise<string | undefined>][] = [
  ['no Authorization header', async () => undefined],
  ['a non-bearer scheme', async (r) => `Basic ${r.role === 'user' ? userToken : adminToken}`],
  ['an empty bearer token', async () => 'Bearer '],
  ['an unknown token', async () => 'Bearer bm90LWEtcmVhbC10b2tlbi1hdC1hbGwtbm90LWEtcmVhbC10b2tlbg'],
  [
    'an expired token',
    async (r) => {
      if (r.role === 'user') await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
      else await t.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) })
      return `Bearer ${r.role === 'user' ? userToken : adminToken}`
    },
  ],
  [
    'a revoked token',
    async (r) => {
      if (r.role === 'user') await revokeSession(t.db, userToken)
      else await t.db.update(adminSessions).set({ revokedAt: new Date() })
      return `Bearer ${r.role === 'user' ? userToken : adminToken}`
    },
  ],
  ['a token of the other role', async (r) => `Bearer ${r.role === 'user' ? adminToken : userToken}`],
]

describe.each(ROUTES)('$method $pattern ($role)', (route) => {
  it('exists', () => {
    expect(t.app.hasRoute({ method: route.method, url: route.pattern })).toBe(true)
  })

  // a member's session on an admin route is signed in but not allowed: 403 (plugins/auth.ts)
  it.each(CASES)(
    'refuses %s with 401 (403 for a member on an admin route) and a detail',
    async (label, prepare) => {
      const res = await send(route, await prepare(route))
      const memberOnAdmin = label === 'a token of the other role' && route.role === 'admin'
      expect(res.statusCode).toBe(memberOnAdmin ? 403 : 401)
      expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
    },
  )

  it('lets a valid token of the right role through the guard', async () => {
    const res = await send(route, `Bearer ${route.role === 'user' ? userToken : adminToken}`)
    expect(res.statusCode).not.toBe(401)
    expect(res.statusCode).not.toBe(403)
    expect(res.statusCode).toBeLessThan(500)
  })
})
