import { describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { adminSessions } from '#server/db/schema/sessions.ts'
import { refusal } from '#server/errors.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { resolveAdminCredentials } from '#server/services/admin/credentials.ts'
import { ADMIN, setupAdminApp } from '#tests/support/admin-app.ts'

// Signing in as the admin: the login and its rate limit, where the credentials come from, signing
// out and idle sessions.

const adminApp = setupAdminApp()
const { adminLogin, adminToken, purge, signedUpUser } = adminApp

describe('admin login', () => {
  it('answers a token for the configured username and password', async () => {
    const res = await adminLogin()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ token: expect.any(String), device: expect.stringMatching(/^[0-9a-f]{64}$/) })
    const [row] = await adminApp.t.db.select().from(adminSessions)
    expect(row?.username).toBe(ADMIN.username)
    expect(row?.tokenHash).not.toBe(res.json().token)
  })

  it.each([
    ['a wrong password', { username: ADMIN.username, password: 'nope' }],
    ['a wrong username', { username: 'root', password: ADMIN.password }],
    [
      'a password differing only in case',
      { username: ADMIN.username, password: ADMIN.password.toUpperCase() },
    ],
  ])('refuses %s with one generic 401', async (_label, body) => {
    const res = await adminLogin(body)
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual(refusal('auth.admin_invalid_credentials'))
  })

  it(`answers 429 after ${RATE_LIMITS.admin.login.max} attempts a minute from one address`, async () => {
    for (let i = 0; i < RATE_LIMITS.admin.login.max; i++) {
      expect((await adminLogin({ username: ADMIN.username, password: `guess-${i}` })).statusCode).toBe(401)
    }
    const limited = await adminLogin()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
  })

  it(`counts the admin's username across addresses (${RATE_LIMITS.admin.loginPerUsername.max} in ${RATE_LIMITS.admin.loginPerUsername.timeWindow}), and lets the admin's device through`, async () => {
    const login = (n: number, body: object) =>
      adminApp.t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: body,
        remoteAddress: `2001:db8:a:${n.toString(16)}::1`,
      })
    const first = await login(1, ADMIN)
    expect(first.statusCode).toBe(200)
    const device = first.json().device
    // (the file's earlier sign-ins without the mark were counted too)
    const max = RATE_LIMITS.admin.loginPerUsername.max
    const statuses: number[] = []
    for (let n = 2; n <= max; n++) {
      statuses.push((await login(n, { username: ADMIN.username, password: `guess-${n}` })).statusCode)
    }
    expect(statuses.slice(0, max - 3).every((status) => status === 401)).toBe(true)
    expect((await login(1000, ADMIN)).statusCode).toBe(429)
    expect((await login(1001, { ...ADMIN, device })).statusCode).toBe(200)
  }, 60_000)

  it.each([
    ['a missing password', { username: ADMIN.username }],
    ['an empty username', { username: '', password: ADMIN.password }],
    ['wrong types', { username: 1, password: null }],
  ])('refuses %s with 400', async (_label, body) => {
    const res = await adminLogin(body)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toEqual(expect.any(String))
  })

  it('is not a user login: an admin token is refused on user routes and a user token on admin routes', async () => {
    const admin = await adminToken()
    const user = await signedUpUser('user@example.com')
    const asUser = await adminApp.t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(asUser.statusCode).toBe(401)
    // a member's session on an admin route: signed in, not allowed (plugins/auth.ts)
    expect((await purge(user)).statusCode).toBe(403)
  })
})

describe('admin credentials', () => {
  it('generates a random password for the user "admin" outside production when none is set', () => {
    const first = resolveAdminCredentials(loadConfig({ NODE_ENV: 'development' }))
    const second = resolveAdminCredentials(loadConfig({ NODE_ENV: 'development' }))
    expect(first).toMatchObject({ username: 'admin', generated: true })
    expect(first.password.length).toBeGreaterThanOrEqual(20)
    expect(first.password).not.toBe(second.password)
  })

  it('uses the configured pair as is', () => {
    const config = loadConfig({ NODE_ENV: 'development', ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'b' })
    expect(resolveAdminCredentials(config)).toEqual({ username: 'a', password: 'b', generated: false })
  })

  // the same database is reused: building an app migrates nothing new and writes nothing
  function buildWith(overrides: Partial<typeof adminApp.t.config>) {
    return buildApp({ config: { ...adminApp.t.config, ...overrides }, database: adminApp.t.database })
  }

  it('refuses to build the server in production without admin credentials', async () => {
    const none = { ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined }
    await expect(buildWith({ ...none, NODE_ENV: 'production' })).rejects.toThrow(
      /ADMIN_USERNAME and ADMIN_PASSWORD/,
    )
    await expect(buildWith({ ...none, NODE_ENV: 'production', ADMIN_USERNAME: 'only-name' })).rejects.toThrow(
      /ADMIN_PASSWORD/,
    )
  })

  it('serves no dev outbox in production', async () => {
    const prod = await buildWith({ NODE_ENV: 'production', ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'b' })
    try {
      const res = await prod.inject({ method: 'GET', url: '/api/dev/outbox' })
      expect(res.statusCode).toBe(404)
    } finally {
      await prod.close()
    }
  })
})

describe('admin sign-out and idle sessions', () => {
  function logout(token: string) {
    return adminApp.t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      headers: { authorization: `Bearer ${token}` },
    })
  }

  it('revokes the token on POST /api/admin/logout, and only that one', async () => {
    const mine = await adminToken()
    const other = await adminToken()
    const res = await logout(mine)
    expect(res.statusCode).toBe(204)
    expect((await purge(mine)).statusCode).toBe(401)
    expect((await logout(mine)).statusCode).toBe(401)
    expect((await purge(other)).statusCode).toBe(200)
  })

  it('ends an admin session after 30 idle minutes', async () => {
    const token = await adminToken()
    await adminApp.t.db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
    const res = await purge(token)
    expect(res.statusCode).toBe(401)
  })

  it('slides: each use restarts the 30 idle minutes', async () => {
    const token = await adminToken()
    await adminApp.t.db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
    expect((await logoutlessCheck(token)).statusCode).toBe(200)
    const [session] = await adminApp.t.db.select().from(adminSessions)
    expect(session?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  // an admin route that changes nothing: the dev outbox
  function logoutlessCheck(token: string) {
    return adminApp.t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { authorization: `Bearer ${token}` },
    })
  }
})
