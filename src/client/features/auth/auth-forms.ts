// Pure rules behind the account screens, kept apart from the components so
// they can be tested without rendering.
import { msg } from '#client/i18n/messages.ts'
import { isApiError } from '#client/lib/http.ts'
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts'

const t = msg.auth

export interface CredentialErrors {
  email?: string
  password?: string
}

/** Login and register need an email and a password; the server judges the rest. */
export function validateCredentials(email: string, password: string): CredentialErrors {
  const errors: CredentialErrors = {}
  if (!email.trim()) errors.email = t.emailRequired
  if (!password) errors.password = t.passwordRequired
  return errors
}

export type ResetProblem = 'tooShort' | 'mismatch'

/** Reset password: at least MIN_PASSWORD_LENGTH characters, and both fields equal. */
export function validateNewPassword(password: string, confirm: string): ResetProblem | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'tooShort'
  if (password !== confirm) return 'mismatch'
  return null
}

/** True when a login refusal is the server's "verify your email first" answer (its code, in any language). */
export function isEmailNotVerified(error: unknown): boolean {
  return isApiError(error) && error.code === 'auth.email_not_verified'
}

const AUTH_SCREENS = ['/login', '/register', '/verify-email', '/forgot-password', '/reset-password']

/**
 * Where to go after signing in. Only a path inside this app counts ('//evil.example' and full URLs
 * would send a fresh session to another site), and never back to an account screen.
 */
export function safeRedirect(target: string | undefined): string | undefined {
  if (!target?.startsWith('/') || target.startsWith('//') || target.includes('\\')) return undefined
  const path = target.split(/[?#]/, 1)[0] ?? ''
  if (AUTH_SCREENS.some((screen) => path === screen || path.startsWith(`${screen}/`))) return undefined
  return target
}

export const LOGIN_REASONS = ['expired', 'required'] as const
export type LoginReason = (typeof LOGIN_REASONS)[number]

/** The /login search: the page to return to and why the user was sent here; both optional. */
export interface LoginSearch {
  redirect?: string
  reason?: LoginReason
}

// Each parser below names every key it reads, undefined when the value is refused: the router gives a
// page the URL's raw search with the parser's answer laid over it, so a key left out would keep the raw
// value (/login?redirect=https://evil.example would reach the page as it was typed).

export function parseLoginSearch(search: Record<string, unknown>): LoginSearch {
  const redirect = typeof search.redirect === 'string' ? safeRedirect(search.redirect) : undefined
  const reason = LOGIN_REASONS.find((r) => r === search.reason)
  return { redirect, reason }
}

/** ?token= of the mailed links; anything that is not a non-empty string reads as no token. */
export interface TokenSearch {
  token?: string
}

export function parseTokenSearch(search: Record<string, unknown>): TokenSearch {
  const raw = search.token
  const token = typeof raw === 'string' ? raw.trim() : ''
  return { token: token || undefined }
}
