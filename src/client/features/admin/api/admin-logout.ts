import { http } from '#client/lib/http.ts'
import { clearAdminToken, getAdminToken } from '#client/lib/session/session-store.ts'
import { AdminPaths } from '#domain/api/admin.ts'

/**
 * Signs the admin out at once and asks the server to revoke the token, so a copy of it (a shared
 * computer, a leaked log) stops working too. The request reads the token before it is cleared; its
 * failure is ignored, the console is signed out either way.
 */
export async function adminLogout(): Promise<void> {
  const revoke = getAdminToken()
    ? http.post(AdminPaths.logout, undefined, { auth: 'admin' })
    : Promise.resolve(undefined)
  clearAdminToken()
  try {
    await revoke
  } catch {
    // offline or already expired: the token is gone from this browser, which is what the user asked
  }
}
