import type { Db } from '#server/db/client.ts'
import { type CacheLive, Generation, RecheckedCache } from '#server/services/cache/rechecked-cache.ts'

/**
 * The session rows a process has recently read, so that a burst of signed-in requests costs one
 * database lookup instead of one each (docs/decisions/015-api-request-cost.md). Turned on for the
 * embedded database (`enableSessionCache`): PGlite belongs to exactly one process, so every
 * revocation runs here and voids the cache at once. On PostgreSQL several processes share the
 * sessions table: there it answers only while the change feed brings every other process's
 * revocations (docs/decisions/021-shared-changes.md), and without Redis each request asks the database.
 *
 * An entry answers for SESSION_RECHECK_MS at most; that bound only matters for a write this code
 * does not know about. The expiry and idle limits are checked on every hit from the cached
 * timestamps, so they end a session to the millisecond as the query does.
 */
export const SESSION_RECHECK_MS = 1_000

export interface CachedSession<T> {
  /** What the lookup returns on a hit (the user or the admin). */
  value: T
  sessionId: string
  lastSeenAt: Date
  expiresAt: Date
}

const generation = new Generation('sessions')

/**
 * Voids every cached session of every database in this process. Call it after any write that
 * revokes or deletes sessions or users: sign-out, password change or reset, purge, test resets.
 */
export function forgetCachedSessions(): void {
  generation.bump()
}

interface Caches {
  users: RecheckedCache<CachedSession<{ id: string; email: string }>>
  admins: RecheckedCache<CachedSession<{ username: string }>>
}

const caches = new WeakMap<Db, Caches>()

/** Turns the cache on for one database handle, answering while `live` says so (see the header). */
export function enableSessionCache(db: Db, live: CacheLive): void {
  if (caches.has(db)) return
  caches.set(db, {
    users: new RecheckedCache(generation, SESSION_RECHECK_MS, undefined, undefined, live),
    admins: new RecheckedCache(generation, SESSION_RECHECK_MS, undefined, undefined, live),
  })
}

/** The caches of a database handle, or undefined when this handle asks the database every time. */
export function sessionCachesOf(db: Db): Caches | undefined {
  return caches.get(db)
}
