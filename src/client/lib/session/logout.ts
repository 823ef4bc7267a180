import { http } from '#client/lib/http.ts'
import { isSignedIn, signOut } from '#client/lib/session/session-store.ts'
import { AuthPaths } from '#domain/api/auth-constants.ts'

/**
 * Signs out at once and asks the server to revoke the token (logout signs out even
 * if the server call fails; its outcome is ignored). The request reads the token before the session
 * is cleared, and a 401 on it is not a "session expired" event because the user is already out.
 */
export async function logout(): Promise<void> {
  const revoke = isSignedIn() ? http.post(AuthPaths.logout) : Promise.resolve(undefined)
  signOut()
  try {
    await revoke
  } catch {
    // Logout failure is silent
  }
}
