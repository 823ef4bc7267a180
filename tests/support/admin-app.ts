// The app the admin API tests share, and the calls they make. Call setupAdminApp() at the top of a
// test file: it registers the file's hooks (one app and one database per file, emptied before each
// test) and gives each test its own client address, since admin login is rate limited per address.
import { sql } from 'drizzle-orm'
import { beforeEach, expect } from 'vitest'
import { setupTestApp, type TestApp } from './api-app.ts'
import { rowsOf, signedUpUser } from './auth-app.ts'

export const ADMIN = { username: 'boss', password: 'correct horse battery staple' }

// The mark the admin's last sign-in on each app gave, sent with the next ones as the admin's own
// device sends it: the limit per username across addresses then counts only strangers
// (docs/decisions/044-edges.md), however often a file signs in.
const adminDevices = new WeakMap<TestApp, string>()

/** The admin's sign-in on this app, with the device's mark once it has one. */
async function adminSignIn(t: TestApp, body: object, remoteAddress: string) {
  const device = adminDevices.get(t)
  const payload = device && !('device' in body) ? { ...body, device } : body
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload, remoteAddress })
  const mark = res.statusCode === 200 ? res.json<{ device?: string }>().device : undefined
  if (mark) adminDevices.set(t, mark)
  return res
}

/**
 * Signs in as the admin on this app and answers the session token. Admin login is rate limited per
 * address: a file that signs in often gives each test its own.
 */
export async function adminTokenOn(t: TestApp, remoteAddress = '127.0.0.1', admin = ADMIN): Promise<string> {
  const res = await adminSignIn(t, admin, remoteAddress)
  expect(res.statusCode).toBe(200)
  return res.json<{ token: string }>().token
}

export function setupAdminApp() {
  const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
  const current = () => api.t
  let ip = '10.1.0.1'
  let ipCounter = 0
  beforeEach(() => {
    ipCounter += 1
    ip = `10.1.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`
  })

  async function tableCounts(): Promise<Record<string, number>> {
    const tables = rowsOf<{ table_name: string }>(
      await current().db.execute(sql`SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`),
    ).map((r) => r.table_name)
    const counts: Record<string, number> = {}
    for (const name of tables) {
      const [row] = rowsOf<{ n: number }>(
        await current().db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}"`)),
      )
      counts[name] = Number(row?.n)
    }
    return counts
  }

  async function adminLogin(body: object = ADMIN) {
    return adminSignIn(current(), body, ip)
  }

  function adminToken(): Promise<string> {
    return adminTokenOn(current(), ip)
  }

  function purge(token?: string) {
    return current().app.inject({
      method: 'POST',
      url: '/api/admin/purge',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  }

  return {
    get t() {
      return current()
    },
    /** this test's client address */
    get ip() {
      return ip
    },
    tableCounts,
    adminLogin,
    adminToken,
    purge,
    /** Registers, follows the mailed link and signs in: answers the session token. */
    signedUpUser: (email: string, password?: string) => signedUpUser(current(), email, password),
  }
}
