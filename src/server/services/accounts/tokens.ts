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

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
export const ADMIN_SESSION_TTL_MS = 12 * 60 * 60 * 1000
export const VERIFY_EMAIL_TTL_MS = 24 * 60 * 60 * 1000
export const RESET_PASSWORD_TTL_MS = 60 * 60 * 1000

/** Reads `Authorization: Bearer <token>`; anything else counts as no token. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match?.[1] ?? null
}
