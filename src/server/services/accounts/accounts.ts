import { and, eq, gt, isNull } from 'drizzle-orm'
import type {
  LoginResponse,
  RegisterResponse,
  ResendVerificationResponse,
  VerifyEmailResponse,
} from '#domain/api/auth.ts'
import type { Language } from '#domain/languages.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { type AccountTokenPurpose, accountTokens, users } from '#server/db/schema/users.ts'
import { ApiError, saying } from '#server/errors.ts'
import {
  resetPasswordMail,
  signUpAttemptMail,
  verificationMail,
} from '#server/services/mail/account-mails.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { isCommonPassword } from './common-passwords.ts'
import { hashPassword, verifyDummyPassword, verifyPassword } from './passwords.ts'
import { createSession } from './sessions.ts'
import { generateToken, hashToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './tokens.ts'

export interface AccountsDeps {
  db: Db
  /** Base of the links in mails, e.g. http://localhost:8080 (no trailing slash needed). */
  publicUrl: string
  /** Tells the background sender that mail was queued (called after the transaction commits). */
  mailQueued: () => void
  /** Runs work after the answer, off the request path (services/accounts/after-answer.ts). */
  afterAnswer: (name: string, task: () => Promise<void>) => void
}

function appUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`
}

function link(publicUrl: string, path: string, token: string): string {
  return `${appUrl(publicUrl, path)}?token=${encodeURIComponent(token)}`
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

async function queueVerification(
  deps: AccountsDeps,
  db: Db,
  user: { id: string; email: string; language: Language },
): Promise<void> {
  const token = await issueAccountToken(db, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS)
  const url = link(deps.publicUrl, '/verify-email', token)
  await enqueueMail(db, { to: user.email, ...verificationMail(user.language, url), link: url })
}

/**
 * The owner of an address learns of a sign-up attempt with it, instead of the person trying: an
 * unverified owner also gets a fresh verification link (they may be the one trying again).
 */
async function queueSignUpAttemptNotice(
  deps: AccountsDeps,
  user: { id: string; email: string; emailVerifiedAt: Date | null; language: Language },
): Promise<void> {
  const signIn = appUrl(deps.publicUrl, '/login')
  const forgot = appUrl(deps.publicUrl, '/forgot-password')
  if (user.emailVerifiedAt) {
    await enqueueMail(deps.db, { to: user.email, ...signUpAttemptMail(user.language, { signIn, forgot }) })
    return
  }
  const token = await issueAccountToken(deps.db, user.id, 'verify_email', VERIFY_EMAIL_TTL_MS)
  const url = link(deps.publicUrl, '/verify-email', token)
  await enqueueMail(deps.db, {
    to: user.email,
    ...signUpAttemptMail(user.language, { signIn, forgot, verify: url }),
    link: url,
  })
}

export function assertUncommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new ApiError(400, 'auth.password_common')
}

function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, email))
    .limit(1)
    .then((rows) => rows[0])
}

/** How long a sign-up's work waits before each new try when the database refused it. */
export const SIGN_UP_RETRIES_MS = [1_000, 5_000, 15_000] as const

/**
 * Answers the same words and status whether or not the address has an account: membership of this
 * site is private. The password is hashed before the answer (the same cost for every address); the
 * look-up, the new account or the notice mail to a known address come after it, as forgot-password's
 * work does, so the answer's time says nothing about the address (issue 43 item 24). A database
 * that refuses that work is tried again (SIGN_UP_RETRIES_MS); the person can also sign up again.
 */
export async function register(
  deps: AccountsDeps,
  email: string,
  password: string,
  /** the language the app asked in: the account's mails are written in it */
  language: Language = 'en',
  retries: readonly number[] = SIGN_UP_RETRIES_MS,
): Promise<RegisterResponse> {
  // refused before the address is looked at, so known and unknown addresses get the same 400
  assertUncommonPassword(password)
  const passwordHash = await hashPassword(password)
  deps.afterAnswer('register', async () => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await createOrNotify(deps, email, passwordHash, language)
        return
      } catch (error) {
        const wait = retries[attempt]
        if (wait === undefined) throw error
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
    }
  })
  return { ...saying('auth.registered'), email }
}

/** A new account with its verification mail, or for a known address the notice mail. */
async function createOrNotify(
  deps: AccountsDeps,
  email: string,
  passwordHash: string,
  language: Language,
): Promise<void> {
  const existing = await findUserByEmail(deps.db, email)
  if (existing) {
    await queueSignUpAttemptNotice(deps, existing)
  } else {
    const created = await deps.db
      .transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({ email, passwordHash, language })
          .returning({ id: users.id })
        if (!row) throw new Error('insert returned no row')
        await queueVerification(deps, tx, { id: row.id, email, language })
        return true
      })
      .catch((error: unknown) => {
        // two sign-ups racing for one address: the unique index decides, the loser is a known address
        if (isUniqueViolation(error)) return false
        throw error
      })
    if (!created) {
      const winner = await findUserByEmail(deps.db, email)
      if (winner) await queueSignUpAttemptNotice(deps, winner)
    }
  }
  deps.mailQueued()
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
  if (!row) throw new ApiError(400, 'auth.verify_link_invalid')
  // a second click on the link (or an old link) after verification is not an error for the user
  if (row.verifiedAt) return { status: 'already_verified' }
  if (row.usedAt || row.expiresAt.getTime() <= Date.now()) throw new ApiError(400, 'auth.verify_link_invalid')

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

/** Same answer for unknown, unverified and verified addresses; only an unverified one gets a link. */
export async function resendVerification(
  deps: AccountsDeps,
  email: string,
): Promise<ResendVerificationResponse> {
  // even the look-up runs after the answer: its time, too, differs for a known address
  deps.afterAnswer('resend-verification', async () => {
    const user = await findUserByEmail(deps.db, email)
    if (!user || user.emailVerifiedAt) return
    await deps.db.transaction((tx) => queueVerification(deps, tx, user))
    deps.mailQueued()
  })
  return { status: 'sent', ...saying('auth.verification_resent') }
}

export async function forgotPassword(deps: AccountsDeps, email: string): Promise<{ message: string }> {
  deps.afterAnswer('forgot-password', async () => {
    const user = await findUserByEmail(deps.db, email)
    if (!user) return
    await deps.db.transaction(async (tx) => {
      const token = await issueAccountToken(tx, user.id, 'reset_password', RESET_PASSWORD_TTL_MS)
      const url = link(deps.publicUrl, '/reset-password', token)
      await enqueueMail(tx, { to: user.email, ...resetPasswordMail(user.language, url), link: url })
    })
    deps.mailQueued()
  })
  return saying('auth.reset_link_sent')
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
  assertUncommonPassword(newPassword)
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
    if (!consumed) throw new ApiError(400, 'auth.reset_link_invalid')
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
  // every session of the account was revoked: no cached copy may still let one in
  changed(db, 'sessions')
  return saying('auth.password_reset')
}

export async function login(db: Db, email: string, password: string): Promise<LoginResponse> {
  const user = await findUserByEmail(db, email)
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyDummyPassword(password)
  if (!user || !ok) throw new ApiError(401, 'auth.invalid_credentials')
  // checked after the password, so only the owner learns that the address is unverified
  if (!user.emailVerifiedAt) throw new ApiError(403, 'auth.email_not_verified')
  // an admin suspended it (docs/decisions/055-shared-contacts.md): told only after the password too
  if (user.suspendedAt) throw new ApiError(403, 'auth.account_suspended')
  const token = await createSession(db, user.id)
  return { token, user: { id: user.id, email: user.email } }
}
