import { and, eq, gt, isNull } from 'drizzle-orm'
import {
  EMAIL_NOT_VERIFIED,
  INVALID_CREDENTIALS_DETAIL,
  type LoginResponse,
  type RegisterResponse,
  type ResendVerificationResponse,
  type VerifyEmailResponse,
} from '#domain/api/auth.ts'
import type { Db } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { type AccountTokenPurpose, accountTokens, users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import type { Mailer } from '#server/services/mail/mailer.ts'
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts'
import { createSession } from './sessions.ts'
import { generateToken, hashToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './tokens.ts'

export interface AccountsDeps {
  db: Db
  mailer: Mailer
  /** Base of the links in mails, e.g. http://localhost:8080 (no trailing slash needed). */
  publicUrl: string
  log: { error: (obj: object, msg: string) => void }
}

export const DUPLICATE_EMAIL_DETAIL = 'An account with this email already exists'
export const INVALID_VERIFY_LINK_DETAIL = 'This verification link is invalid or has expired'
export const INVALID_RESET_LINK_DETAIL = 'This password reset link is invalid or has expired'
export const UNVERIFIED_LOGIN_DETAIL = `${EMAIL_NOT_VERIFIED}. Please check your inbox for the verification link.`
export const RESEND_SENT_MESSAGE =
  'If an account with this email is awaiting verification, a new verification link has been sent.'
export const FORGOT_SENT_MESSAGE = 'If an account exists for this email, a password reset link has been sent.'

function link(publicUrl: string, path: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}?token=${encodeURIComponent(token)}`
}

function isUniqueViolation(error: unknown): boolean {
  // drizzle wraps the driver's error; PostgreSQL and PGlite both report SQLSTATE 23505
  let e: unknown = error
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

async function issueAccountToken(db: Db, userId: string, purpose: AccountTokenPurpose, ttlMs: number) {
  const token = generateToken()
  await db.insert(accountTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ttlMs),
  })
  return token
}

async function sendVerification(deps: AccountsDeps, userId: string, email: string): Promise<void> {
  const token = await issueAccountToken(deps.db, userId, 'verify_email', VERIFY_EMAIL_TTL_MS)
  const url = link(deps.publicUrl, '/verify-email', token)
  await deps.mailer.send({
    to: email,
    subject: 'Verify your email address',
    text: `Welcome! Confirm your email address to finish signing up:\n\n${url}\n\nThis link expires in 24 hours. If you did not sign up, ignore this message.`,
    link: url,
  })
}

/** Mail failures after the account change is stored are logged, not shown: the user can ask again. */
async function sendQuietly(deps: AccountsDeps, what: string, send: () => Promise<void>): Promise<boolean> {
  try {
    await send()
    return true
  } catch (error) {
    deps.log.error({ err: error }, `could not send the ${what} email`)
    return false
  }
}

function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((rows) => rows[0])
}

export async function register(
  deps: AccountsDeps,
  email: string,
  password: string,
): Promise<RegisterResponse> {
  if (await findUserByEmail(deps.db, email)) throw new ApiError(409, DUPLICATE_EMAIL_DETAIL)
  const passwordHash = await hashPassword(password)
  let userId: string
  try {
    const [row] = await deps.db.insert(users).values({ email, passwordHash }).returning({ id: users.id })
    if (!row) throw new Error('insert returned no row')
    userId = row.id
  } catch (error) {
    // two sign-ups racing for one address: the unique index decides
    if (isUniqueViolation(error)) throw new ApiError(409, DUPLICATE_EMAIL_DETAIL)
    throw error
  }
  const sent = await sendQuietly(deps, 'verification', () => sendVerification(deps, userId, email))
  return {
    message: sent
      ? 'Account created. Check your email for a verification link.'
      : 'Account created, but the verification email could not be sent. Use "resend verification" to try again.',
    email,
  }
}

export async function verifyEmail(db: Db, token: string): Promise<VerifyEmailResponse> {
  const [row] = await db
    .select({
      tokenId: accountTokens.id,
      userId: accountTokens.userId,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      verifiedAt: users.emailVerifiedAt,
    })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.purpose, 'verify_email')))
    .limit(1)
  if (!row) throw new ApiError(400, INVALID_VERIFY_LINK_DETAIL)
  // a second click on the link (or an old link) after verification is not an error for the user
  if (row.verifiedAt) return { status: 'already_verified' }
  if (row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new ApiError(400, INVALID_VERIFY_LINK_DETAIL)

  const now = new Date()
  return db.transaction(async (tx) => {
    await tx.update(accountTokens).set({ usedAt: now }).where(eq(accountTokens.id, row.tokenId))
    const updated = await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, row.userId), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id })
    return { status: updated.length > 0 ? 'verified' : 'already_verified' } as const
  })
}

export async function resendVerification(
  deps: AccountsDeps,
  email: string,
): Promise<ResendVerificationResponse> {
  const user = await findUserByEmail(deps.db, email)
  if (user?.emailVerifiedAt) return { status: 'already_verified', message: 'This email is already verified.' }
  if (user) await sendQuietly(deps, 'verification', () => sendVerification(deps, user.id, user.email))
  return { status: 'sent', message: RESEND_SENT_MESSAGE }
}

export async function forgotPassword(deps: AccountsDeps, email: string): Promise<{ message: string }> {
  const user = await findUserByEmail(deps.db, email)
  if (user) {
    await sendQuietly(deps, 'password reset', async () => {
      const token = await issueAccountToken(deps.db, user.id, 'reset_password', RESET_PASSWORD_TTL_MS)
      const url = link(deps.publicUrl, '/reset-password', token)
      await deps.mailer.send({
        to: user.email,
        subject: 'Reset your password',
        text: `Someone asked to reset the password of your account. Choose a new one here:\n\n${url}\n\nThis link expires in 1 hour and works once. If it was not you, ignore this message.`,
        link: url,
      })
    })
  }
  return { message: FORGOT_SENT_MESSAGE }
}

/**
 * Consumes the link (single use, even under concurrent clicks: the conditional UPDATE decides),
 * sets the password and signs the account out everywhere. Following a mailed link also proves the
 * address, so an unverified account becomes verified.
 */
export async function resetPassword(
  db: Db,
  token: string,
  newPassword: string,
): Promise<{ message: string }> {
  const passwordHash = await hashPassword(newPassword)
  const now = new Date()
  await db.transaction(async (tx) => {
    const [consumed] = await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.tokenHash, hashToken(token)),
          eq(accountTokens.purpose, 'reset_password'),
          isNull(accountTokens.usedAt),
          gt(accountTokens.expiresAt, now),
        ),
      )
      .returning({ userId: accountTokens.userId })
    if (!consumed) throw new ApiError(400, INVALID_RESET_LINK_DETAIL)
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, consumed.userId))
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: user?.verifiedAt ?? now })
      .where(eq(users.id, consumed.userId))
    // other reset links mailed earlier must not work after the password changed
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, consumed.userId),
          eq(accountTokens.purpose, 'reset_password'),
          isNull(accountTokens.usedAt),
        ),
      )
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, consumed.userId), isNull(sessions.revokedAt)))
  })
  return { message: 'Your password has been reset. You can now sign in.' }
}

export async function login(db: Db, email: string, password: string): Promise<LoginResponse> {
  const user = await findUserByEmail(db, email)
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyDummyPassword(password)
  if (!user || !ok) throw new ApiError(401, INVALID_CREDENTIALS_DETAIL)
  // checked after the password, so only the owner learns that the address is unverified
  if (!user.emailVerifiedAt) throw new ApiError(403, UNVERIFIED_LOGIN_DETAIL)
  const token = await createSession(db, user.id)
  return { token, user: { id: user.id, email: user.email } }
}
