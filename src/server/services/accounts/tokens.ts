import { createHash, randomBytes } from 'node:crypto'

/** 256 random bits, URL-safe, so the token can travel in a mail link or a bearer header as is. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * Tokens are stored as their sha256: they carry full entropy already, so a fast hash is enough and
 * lets us look a token up by equality.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const MINUTE_MS = 60 * 1000
const DAY_MS = 24 * 60 * MINUTE_MS

/** A user session ends 30 days after sign-in, or after 14 days without a request, whichever is first. */
export const SESSION_TTL_MS = 30 * DAY_MS
export const SESSION_IDLE_TIMEOUT_MS = 14 * DAY_MS
/** An admin session ends 12 hours after sign-in, or after 30 minutes without a request. */
export const ADMIN_SESSION_TTL_MS = 12 * 60 * MINUTE_MS
export const ADMIN_IDLE_TIMEOUT_MS = 30 * MINUTE_MS
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000

/** Reads `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
