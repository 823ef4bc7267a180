import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { adminSessions, sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { ADMIN_SESSION_TTL_MS, generateToken, hashToken, SESSION_TTL_MS } from './tokens.ts'

export interface AuthUser {
  id: string
  email: string
}

export interface AuthAdmin {
  username: string
}

/** Starts a user session and returns the bearer token (shown once; only its hash is kept). */
export async function createSession(db: Db, userId: string): Promise<string> {
  const token = generateToken()
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  })
  return token
}

export async function findUserBySessionToken(db: Db, token: string): Promise<AuthUser | null> {
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
}

export async function createAdminSession(db: Db, username: string): Promise<string> {
  const token = generateToken()
  await db.insert(adminSessions).values({
    username,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ADMIN_SESSION_TTL_MS),
  })
  return token
}

export async function findAdminBySessionToken(db: Db, token: string): Promise<AuthAdmin | null> {
  const rows = await db
    .select({ username: adminSessions.username })
    .from(adminSessions)
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, new Date()),
      ),
    )
    .limit(1)
  return rows[0] ?? null
}
