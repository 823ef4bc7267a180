import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { accountTokens } from '#server/db/schema/users.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { forgotPassword, resendVerification } from '#server/services/accounts/accounts.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { PUBLIC_URL, setupAuthApp, tokenOf } from '#tests/support/auth-app.ts'

// A forgotten password: the mailed reset link, what it changes and when it stops working.

const auth = setupAuthApp()
const { post, latestLink, verifiedUser } = auth

describe('forgot-password and reset-password', () => {
  async function resetLink(email: string) {
    const res = await post('/forgot-password', { email })
    expect(res.statusCode).toBe(200)
    return latestLink(email)
  }

  it('gives the same answer whether or not the address has an account, and mails only the account', async () => {
    await verifiedUser('forgetful@example.com')
    const known = await post('/forgot-password', { email: 'forgetful@example.com' })
    const unknown = await post('/forgot-password', { email: 'stranger@example.com' })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(await latestLink('forgetful@example.com')).toMatch(
      /^https:\/\/maple\.example\/reset-password\?token=/,
    )
    expect(await readOutbox(auth.t.db, { to: 'stranger@example.com' })).toHaveLength(0)
  })

  it('answers before looking the address up or queuing its mail, so the answer takes the same time for every address', async () => {
    await verifiedUser('quick@example.com')
    const left: (() => Promise<void>)[] = []
    const deps = {
      db: auth.t.db,
      publicUrl: PUBLIC_URL,
      mailQueued: () => {},
      afterAnswer: (_name: string, task: () => Promise<void>) => void left.push(task),
    }
    const answers = [
      await forgotPassword(deps, 'quick@example.com'),
      await forgotPassword(deps, 'nobody@example.com'),
      await resendVerification(deps, 'quick@example.com'),
      await resendVerification(deps, 'nobody@example.com'),
    ]
    expect(answers[0]).toEqual(answers[1])
    expect(answers[2]).toEqual(answers[3])
    // answered, and nothing queued yet: the request path did no work that depends on the address
    expect(await readOutbox(auth.t.db, { to: 'quick@example.com' })).toHaveLength(1)
    for (const task of left) await task()
    const mails = await readOutbox(auth.t.db, { to: 'quick@example.com' })
    // the reset link; no new verification link for a verified account
    expect(mails).toHaveLength(2)
    expect(mails[0]?.link).toMatch(/\/reset-password\?token=/)
    expect(await readOutbox(auth.t.db, { to: 'nobody@example.com' })).toHaveLength(0)
  })

  it('sets the new password, revokes every session, and the link works only once', async () => {
    const oldSession = await verifiedUser('reset@example.com', 'old-secret')
    const token = tokenOf(await resetLink('reset@example.com'))

    const res = await post('/reset-password', { token, new_password: 'new-secret' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ message: expect.any(String), code: 'auth.password_reset' })

    expect((await post('/logout', undefined, oldSession)).statusCode).toBe(401)
    expect((await post('/login', { email: 'reset@example.com', password: 'old-secret' })).statusCode).toBe(
      401,
    )
    expect((await post('/login', { email: 'reset@example.com', password: 'new-secret' })).statusCode).toBe(
      200,
    )

    const reuse = await post('/reset-password', { token, new_password: 'third-secret' })
    expect(reuse.statusCode).toBe(400)
    expect(reuse.json().detail).toMatch(/invalid or has expired/)
    expect((await post('/login', { email: 'reset@example.com', password: 'third-secret' })).statusCode).toBe(
      401,
    )
  })

  it('voids older reset links once the password changed', async () => {
    await verifiedUser('twice@example.com')
    const older = tokenOf(await resetLink('twice@example.com'))
    const newer = tokenOf(await resetLink('twice@example.com'))
    expect((await post('/reset-password', { token: newer, new_password: 'changed1' })).statusCode).toBe(200)
    expect((await post('/reset-password', { token: older, new_password: 'changed2' })).statusCode).toBe(400)
  })

  it('refuses an expired link with 400 and keeps the old password', async () => {
    await verifiedUser('slow@example.com')
    const token = tokenOf(await resetLink('slow@example.com'))
    await auth.t.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.purpose, 'reset_password'))
    expect((await post('/reset-password', { token, new_password: 'new-secret' })).statusCode).toBe(400)
    expect((await post('/login', { email: 'slow@example.com', password: 'maple-pw-1' })).statusCode).toBe(200)
  })

  it('expires reset links after one hour', async () => {
    await verifiedUser('hour@example.com')
    await resetLink('hour@example.com')
    const [row] = await auth.t.db
      .select({ expiresAt: accountTokens.expiresAt })
      .from(accountTokens)
      .where(eq(accountTokens.purpose, 'reset_password'))
    expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600_000)
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 3500_000)
  })

  it('refuses a too-short new password and a verification token used as a reset token', async () => {
    await post('/register', { email: 'mixed@example.com', password: 'maple-pw-1' })
    const verifyToken = tokenOf(await latestLink('mixed@example.com'))
    const short = await post('/reset-password', { token: verifyToken, new_password: '123' })
    expect(short.statusCode).toBe(400)
    expect(short.json().detail).toMatch(/at least 6 characters/)
    const wrongKind = await post('/reset-password', { token: verifyToken, new_password: 'long-enough' })
    expect(wrongKind.statusCode).toBe(400)
  })

  it('verifies an unverified account whose owner followed a reset link', async () => {
    await post('/register', { email: 'unverified@example.com', password: 'maple-pw-1' })
    const token = tokenOf(await resetLink('unverified@example.com'))
    expect((await post('/reset-password', { token, new_password: 'fresh-secret' })).statusCode).toBe(200)
    expect(
      (await post('/login', { email: 'unverified@example.com', password: 'fresh-secret' })).statusCode,
    ).toBe(200)
  })

  it(`answers 429 after ${RATE_LIMITS.auth.forgot.max} requests for one email`, async () => {
    for (let i = 0; i < RATE_LIMITS.auth.forgot.max; i++) {
      expect((await post('/forgot-password', { email: 'flood@example.com' })).statusCode).toBe(200)
    }
    const res = await post('/forgot-password', { email: 'flood@example.com' })
    expect(res.statusCode).toBe(429)
    expect(res.json().detail).toEqual(expect.any(String))
  })
})
