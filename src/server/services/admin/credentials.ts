import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Config } from '#server/config.ts'

export interface AdminCredentials {
  username: string
  password: string
  /** True when made up at start (development only): the caller prints it once. */
  generated: boolean
}

export const DEFAULT_ADMIN_USERNAME = 'admin'

/**
 * Admin credentials come from ADMIN_USERNAME/ADMIN_PASSWORD. Production refuses to start without
 * both, so an admin account never exists with a guessable default. Elsewhere a missing pair is
 * replaced by 'admin' and a random password, printed once by the caller.
 */
export function resolveAdminCredentials(config: Config): AdminCredentials {
  const username = config.ADMIN_USERNAME?.trim()
  const password = config.ADMIN_PASSWORD
  if (username && password) return { username, password, generated: false }
  if (config.NODE_ENV === 'production') {
    throw new Error('ADMIN_USERNAME and ADMIN_PASSWORD must both be set in production')
  }
  return {
    username: username || DEFAULT_ADMIN_USERNAME,
    password: password || randomBytes(18).toString('base64url'),
    generated: !password,
  }
}

// hashing first gives equal-length buffers, so timingSafeEqual never leaks the expected length
function sameSecret(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest()
  const hb = createHash('sha256').update(b).digest()
  return timingSafeEqual(ha, hb)
}

/** Constant-time check of both fields (no early return, so a right username is not revealed). */
export function checkAdminCredentials(
  expected: AdminCredentials,
  username: string,
  password: string,
): boolean {
  const userOk = sameSecret(expected.username, username)
  const passOk = sameSecret(expected.password, password)
  return userOk && passOk
}
