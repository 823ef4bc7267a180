import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSessions } from '#server/db/schema/sessions.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import { PURGE_KEEP_TABLES } from '#server/services/admin/purge.ts'
import { setupAdminApp } from '#tests/support/admin-app.ts'
import { rowsOf } from '#tests/support/auth-app.ts'

// The admin's purge: every user and their data gone, the admin's own session kept.

const adminApp = setupAdminApp()
const { tableCounts, adminToken, purge, signedUpUser } = adminApp

describe('purge', () => {
  it('deletes every user and their data, returns the counts, and the user can no longer sign in', async () => {
    const token = await signedUpUser('gone@example.com')
    await signedUpUser('also-gone@example.com')
    await adminApp.t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'x@example.com', password: 'maple-pw-1' },
    })
    // the account is made after the answer (accounts.ts, register)
    await adminApp.t.app.afterAnswer.settled()
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
      // the audit log is kept, and gains the purge's own row
      if (name === 'admin_audit') expect(count).toBe((before[name] ?? 0) + 1)
      else if (PURGE_KEEP_TABLES.has(name)) expect(count).toBe(before[name])
      else if (name === 'admin_sessions') expect(count).toBe(1)
      else expect(count).toBe(0)
    }

    const login = await adminApp.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gone@example.com', password: 'maple-pw-1' },
    })
    expect(login.statusCode).toBe(401)
    const logout = await adminApp.t.app.inject({
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
    const res = await adminApp.t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'again@example.com', password: 'maple-pw-1' },
    })
    expect(res.statusCode).toBe(201)
  })

  it('refuses a user token with 403, an expired admin token and no token with 401', async () => {
    const [user] = rowsOf<{ id: string }>(
      await adminApp.t.db.execute(
        sql`INSERT INTO users (email, password_hash) VALUES ('u@example.com', 'x') RETURNING id`,
      ),
    )
    const userToken = await createSession(adminApp.t.db, user?.id ?? '')
    expect((await purge()).statusCode).toBe(401)
    expect((await purge(userToken)).statusCode).toBe(403)
    const admin = await adminToken()
    await adminApp.t.db.update(adminSessions).set({ expiresAt: new Date(Date.now() - 1000) })
    const expired = await purge(admin)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().detail).toEqual(expect.any(String))
    expect((await tableCounts()).users).toBe(1)
  })
})
