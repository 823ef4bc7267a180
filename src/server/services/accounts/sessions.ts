import { and, eq, gt, isNull } from 'drizzle-orm'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { adminSessions, sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import type { RecheckedCache } from '#server/services/cache/rechecked-cache.ts'
import type { CachedSession, SessionCaches } from './session-cache.ts'
import {
  ADMIN_IDLE_TIMEOUT_MS,
  ADMIN_SESSION_TTL_MS,
  generateToken,
  hashToken,
  SESSION_IDLE_TIMEOUT_MS,
  SESSION_TTL_MS,
} from './tokens.ts'

// last_seen_at is written at most once a minute per session, so a burst of requests costs one
// UPDATE; the idle timeouts (minutes, days) do not need more precision than that
const TOUCH_AFTER_MS = 60_000

function idleCutoff(idleMs: number): Date {
  return new Date(Date.now() - idleMs)
}

/** The same limits the lookup query applies, checked on a cached row. */
function stillOpen(session: CachedSession<unknown>, idleMs: number): boolean {
  const now = Date.now()
  return session.expiresAt.getTime() > now && session.lastSeenAt.getTime() > now - idleMs
}

/** Whether last_seen_at is more than TOUCH_AFTER_MS old, so the next lookup writes it. */
function touchDue(session: CachedSession<unknown>): boolean {
  return session.lastSeenAt.getTime() < Date.now() - TOUCH_AFTER_MS
}

/** Slides the session when its last_seen_at is more than TOUCH_AFTER_MS old, keeping the copy in step. */
async function touchIfDue(
  session: CachedSession<unknown>,
  write: (now: Date) => Promise<unknown>,
): Promise<void> {
  if (!touchDue(session)) return
  const now = new Date()
  session.lastSeenAt = now
  await write(now)
}

/**
 * The value of the open session behind a token hash, or null. The session is the cached copy, or the
 * row `query` finds, kept for the next requests: with the cache on, the requests of a burst that miss
 * together share one query (RecheckedCache.read); without it every lookup asks the database. A copy
 * is checked again against the idle and expiry limits, which time alone can pass, and slides.
 */
async function openSession<T>(
  cache: RecheckedCache<CachedSession<T>> | undefined,
  tokenHash: string,
  idleMs: number,
  query: () => Promise<CachedSession<T> | undefined>,
  touch: (sessionId: string, now: Date) => Promise<unknown>,
): Promise<T | null> {
  const session = cache ? await cache.read(tokenHash, async () => ({ value: await query() })) : await query()
  if (!session || !stillOpen(session, idleMs)) return null
  await touchIfDue(session, (now) => touch(session.sessionId, now))
  return session.value
}

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

/**
 * The test that the token still names the very session the cache holds, open and with no slide of
 * last_seen_at due: while it holds, a lookup would answer the same user without a write, so a copy
 * of an answer given to this token (http/answer-cache.ts) may be given again. None when the
 * session cache is off or does not hold the token.
 */
export function userSessionCurrentTest(
  caches: SessionCaches | undefined,
  token: string,
): (() => boolean) | undefined {
  const cache = caches?.users
  const tokenHash = hashToken(token)
  const session = cache?.get(tokenHash)
  if (cache === undefined || session === undefined) return undefined
  return () =>
    cache.get(tokenHash) === session && stillOpen(session, SESSION_IDLE_TIMEOUT_MS) && !touchDue(session)
}

/**
 * The user behind a token. A session slides: it ends after 14 days without a request, and 30 days
 * after sign-in whatever the use, so a forgotten device signs itself out and a stolen token dies.
 */
export async function findUserBySessionToken(
  db: Db,
  token: string,
  caches: SessionCaches | undefined,
): Promise<AuthUser | null> {
  const tokenHash = hashToken(token)
  return openSession(
    caches?.users,
    tokenHash,
    SESSION_IDLE_TIMEOUT_MS,
    async () => {
      const [session] = await db
        .select({
          sessionId: sessions.id,
          lastSeenAt: sessions.lastSeenAt,
          expiresAt: sessions.expiresAt,
          value: { id: users.id, email: users.email },
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            eq(sessions.tokenHash, tokenHash),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, new Date()),
            gt(sessions.lastSeenAt, idleCutoff(SESSION_IDLE_TIMEOUT_MS)),
          ),
        )
        .limit(1)
      return session
    },
    (id, now) => db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id)),
  )
}

export async function revokeSession(db: Db, token: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
  changed(db, 'sessions')
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

/**
 * The admin behind a token: valid for 12 hours at most and ended by 30 idle minutes (each use slides
 * it), since an admin token can delete every account.
 */
export async function findAdminBySessionToken(
  db: Db,
  token: string,
  caches: SessionCaches | undefined,
): Promise<AuthAdmin | null> {
  const tokenHash = hashToken(token)
  return openSession(
    caches?.admins,
    tokenHash,
    ADMIN_IDLE_TIMEOUT_MS,
    async () => {
      const [session] = await db
        .select({
          sessionId: adminSessions.id,
          lastSeenAt: adminSessions.lastSeenAt,
          expiresAt: adminSessions.expiresAt,
          value: { username: adminSessions.username },
        })
        .from(adminSessions)
        .where(
          and(
            eq(adminSessions.tokenHash, tokenHash),
            isNull(adminSessions.revokedAt),
            gt(adminSessions.expiresAt, new Date()),
            gt(adminSessions.lastSeenAt, idleCutoff(ADMIN_IDLE_TIMEOUT_MS)),
          ),
        )
        .limit(1)
      return session
    },
    (id, now) => db.update(adminSessions).set({ lastSeenAt: now }).where(eq(adminSessions.id, id)),
  )
}

export async function revokeAdminSession(db: Db, token: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(adminSessions.tokenHash, hashToken(token)), isNull(adminSessions.revokedAt)))
  changed(db, 'sessions')
}
