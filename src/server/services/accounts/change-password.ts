import { and, eq, isNull, ne } from 'drizzle-orm'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { accountTokens, users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { assertUncommonPassword } from './accounts.ts'
import { hashPassword, verifyPassword } from './passwords.ts'
import { hashToken } from './tokens.ts'

// 400, not 401: the session is fine, and a 401 would make the client sign the user out
export const WRONG_CURRENT_PASSWORD_DETAIL = 'Current password is incorrect'
export const SAME_PASSWORD_DETAIL = 'The new password must be different from the current one'
export const PASSWORD_CHANGED_MESSAGE =
  'Your password has been changed. Your other devices have been signed out.'

/**
 * Sets a new password for a signed-in user who proves the current one. Every other session ends
 * (a thief's copy of a token among them) and unused reset links die; the session asking stays.
 */
export async function changePassword(
  db: Db,
  request: { userId: string; sessionToken: string; currentPassword: string; newPassword: string },
): Promise<{ message: string }> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, request.userId))
    .limit(1)
  if (!user || !(await verifyPassword(user.passwordHash, request.currentPassword))) {
    throw new ApiError(400, WRONG_CURRENT_PASSWORD_DETAIL)
  }
  if (request.newPassword === request.currentPassword) throw new ApiError(400, SAME_PASSWORD_DETAIL)
  assertUncommonPassword(request.newPassword)
  const passwordHash = await hashPassword(request.newPassword)
  const now = new Date()
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, request.userId))
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(
          eq(sessions.userId, request.userId),
          isNull(sessions.revokedAt),
          ne(sessions.tokenHash, hashToken(request.sessionToken)),
        ),
      )
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, request.userId),
          eq(accountTokens.purpose, 'reset_password'),
          isNull(accountTokens.usedAt),
        ),
      )
  })
  // the other devices' sessions were revoked: no cached copy may still let them in
  changed(db, 'sessions')
  return { message: PASSWORD_CHANGED_MESSAGE }
}
