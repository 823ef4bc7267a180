// The app the moderation API tests share, and the calls they make. Call setupModerationApp() at the
// top of a test file: it registers the file's hooks (one app and one database per file, emptied
// before each test; the banned phrases are reference data and stay).
import { expect } from 'vitest'
import type { BannedPhrase } from '#domain/api/moderation.ts'
import { users } from '#server/db/schema/users.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { adminTokenOn } from './admin-app.ts'
import { setupTestApp } from './api-app.ts'

const ADMIN = { username: 'admin', password: 'moderation-test-password' }

export function setupModerationApp() {
  const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
  const current = () => api.t

  // requests come from a new address each time, so per-IP rate limits never leak between tests
  let nextIp = 1
  function freshIp(): string {
    const n = nextIp++
    return `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`
  }

  async function check(body: unknown, remoteAddress = freshIp()) {
    return current().app.inject({
      method: 'POST',
      url: '/api/moderation/check',
      payload: body as object,
      remoteAddress,
    })
  }

  function adminToken(): Promise<string> {
    // admin login is rate limited per address too
    return adminTokenOn(current(), freshIp(), ADMIN)
  }

  async function userToken(): Promise<string> {
    const { db } = current()
    const [user] = await db
      .insert(users)
      .values({
        email: `user-${nextIp++}@example.com`,
        passwordHash: 'not-a-real-hash',
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id })
    if (!user) throw new Error('user not created')
    return createSession(db, user.id)
  }

  async function list(): Promise<BannedPhrase[]> {
    const res = await current().app.inject({ method: 'GET', url: '/api/moderation/banned-words' })
    expect(res.statusCode).toBe(200)
    return res.json<BannedPhrase[]>()
  }

  async function add(phrase: unknown, token: string) {
    return current().app.inject({
      method: 'POST',
      url: '/api/moderation/banned-words',
      headers: { authorization: `Bearer ${token}` },
      payload: { phrase } as object,
    })
  }

  async function remove(id: string, token: string) {
    return current().app.inject({
      method: 'DELETE',
      url: `/api/moderation/banned-words/${id}`,
      headers: { authorization: `Bearer ${token}` },
    })
  }

  return {
    get t() {
      return current()
    },
    /** a client address no other request used, so per-IP rate limits start afresh */
    freshIp,
    check,
    adminToken,
    userToken,
    list,
    add,
    remove,
  }
}
