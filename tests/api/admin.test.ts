import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ADMIN_INVALID_CREDENTIALS_DETAIL } from '#domain/api/admin.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { adminSessions } from '#server/db/schema/sessions.ts'
import { ADMIN_LOGIN_RATE_LIMIT } from '#server/routes/admin.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { resolveAdminCredentials } from '#server/services/admin/credentials.ts'
import { PURGE_KEEP_TABLES } from '#server/services/admin/purge.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const ADMIN = { username: 'boss', password: 'correct horse battery staple' }
let t: TestApp
// admin login is rate limited per client IP: each test speaks from its own address
let ip = '10.1.0.1'
let ipCounter = 0

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = rowsOf<{ table_name: string }>(
    await t.db.execute(sql`SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`),
  ).map((r) => r.table_name)
  const counts: Record<string, number> = {}
  for (const name of tables) {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}"`)),
    )
    counts[name] = Number(row?.n)
  }
  return counts
}

async function adminLogin(body: object = ADMIN) {
  return t.app.inject({ method: 'POST', url: '/api/admin/login', payload: body, remoteAddress: ip })
}

async function adminToken(): Promise<string> {
  const res = await adminLogin()
  expect(res.statusCode).toBe(200)
  return res.json().token
}

function purge(token?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/purge',
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
}

async function signedUpUser(email: string, password = 'maple-pw-1') {
  const reg = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { email, password } })
  expect(reg.statusCode).toBe(201)
  const [mail] = await readOutbox(t.db, { to: email })
  const link = new URL(mail?.link ?? '')
  await t.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=${link.searchParams.get('token')}` })
  const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
  expect(login.statusCode).toBe(200)
  return login.json().token as string
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
})
afterAll(() => t.close())
beforeEach(async () => {
  ipCounter += 1
  ip = `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  await t.reset()
})

describe('admin login', () => {
  it('answers a token for the configured username and password', async () => {
    const res = await adminLogin()
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ token: expect.any(String) })
    const [row] = await t.db.select().from(adminSessions)
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
    expect(res.json()).toEqual({ detail: ADMIN_INVALID_CREDENTIALS_DETAIL })
  })

  it(`answers 429 after ${ADMIN_LOGIN_RATE_LIMIT.max} attempts a minute from one address`, async () => {
    for (let i = 0; i < ADMIN_LOGIN_RATE_LIMIT.max; i++) {
      expect((await adminLogin({ username: ADMIN.username, password: `guess-${i}` })).statusCode).toBe(401)
    }
    const limited = await adminLogin()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
  })

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
    const asUser = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${admin}` },
    })
    expect(asUser.statusCode).toBe(401)
    expect((await purge(user)).statusCode).toBe(401)
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
  function buildWith(overrides: Partial<typeof t.config>) {
    return buildApp({ config: { ...t.config, ...overrides }, database: t.database })
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

describe('purge', () => {
  it('deletes every user and their data, returns the counts, and the user can no longer sign in', async () => {
    const token = await signedUpUser('gone@example.com')
    await signedUpUser('also-gone@example.com')
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'x@example.com', password: 'maple-pw-1' },
    })
    const before = await tableCounts()
    const admin = await adminToken()

    const res = await purge(admin)
    expect(res.statusCode).toBe(200)
    const { deleted } = res.json() as { deleted: Record<string, number> }
    expect(deleted.users).toBe(3)
    expect(deleted.sessions).toBe(2)
    expect(deleted.outbox).toBe(3)
    expect(deleted.account_tokens).toBe(3)
    expect(deleted.admin_sessions).toBe(0)
    // every table is reported except reference data, and the counts are what was there
    for (const [name, count] of Object.entries(before)) {
      if (PURGE_KEEP_TABLES.has(name)) expect(deleted).not.toHaveProperty(name)
      else if (name !== 'admin_sessions') expect(deleted[name]).toBe(count)
    }

    const after = await tableCounts()
    for (const [name, count] of Object.entries(after)) {
      if (PURGE_KEEP_TABLES.has(name)) expect(count).toBe(before[name])
      else if (name === 'admin_sessions') expect(count).toBe(1)
      else expect(count).toBe(0)
    }

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gone@example.com', password: 'maple-pw-1' },
    })
    expect(login.statusCode).toBe(401)
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(logout.statusCode).toBe(401)
  })

  it("revokes other admin sessions but keeps the caller's own", async () => {
    const mine = await adminToken()
    const other = await adminToken()
    const res = await purge(mine)
    expect(res.json().deleted.admin_sessions).toBe(1)
    expect((await purge(other)).statusCode).toBe(401)
    const again = await purge(mine)
    expect(again.statusCode).toBe(200)
    expect(again.json().deleted.users).toBe(0)
  })

  it('lets a purged address register again', async () => {
    await signedUpUser('again@example.com')
    await purge(await adminToken())
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'again@example.com', password: 'maple-pw-1' },
    })
    expect(res.statusCode).toBe(201)
  })

  it('refuses a user token, an expired admin token and no token with 401', async () => {
    const [user] = rowsOf<{ id: string }>(
      await t.db.execute(
        sql`INSERT INTO users (email, password_hash) VALUES ('u@example.com', 'x') RETURNING id`,
      ),
    )
    const userToken = await createSession(t.db, user?.id ?? '')
    expect((await purge()).statusCode).toBe(401)
    expect((await purge(userToken)).statusCode).toBe(401)
    const admin = await adminToken()
    await t.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await purge(admin)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().detail).toEqual(expect.any(String))
    expect((await tableCounts()).users).toBe(1)
  })
})

describe('admin sign-out and idle sessions', () => {
  function logout(token: string) {
    return t.app.inject({
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
    await t.db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
    const res = await purge(token)
    expect(res.statusCode).toBe(401)
  })

  it('slides: each use restarts the 30 idle minutes', async () => {
    const token = await adminToken()
    await t.db.update(adminSessions).set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
    expect((await logoutlessCheck(token)).statusCode).toBe(200)
    const [session] = await t.db.select().from(adminSessions)
    expect(session?.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000)
  })

  // an admin route that changes nothing: the dev outbox
  function logoutlessCheck(token: string) {
    return t.app.inject({
      method: 'GET',
      url: '/api/dev/outbox',
      headers: { authorization: `Bearer ${token}` },
    })
  }
})
