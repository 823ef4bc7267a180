import { type CacheLive, type Generation, RecheckedCache } from '#server/services/cache/rechecked-cache.ts'

/**
 * The session rows a process has recently read, so that a burst of signed-in requests costs one
 * database lookup instead of one each (docs/decisions/015-api-request-cost.md). Made by
 * plugins/caches.ts for the embedded database: PGlite belongs to exactly one process, so every
 * revocation runs here and voids the cache once it commits (`changed(tx, 'sessions')`). On
 * PostgreSQL several processes share the sessions table: there it answers only while the change
 * feed brings every other process's revocations (docs/decisions/021-shared-changes.md), and without
 * Redis there is none and each request asks the database.
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

export interface SessionCaches {
  users: RecheckedCache<CachedSession<{ id: string; email: string }>>
  admins: RecheckedCache<CachedSession<{ username: string }>>
}

/** The caches of one database's sessions, answering while `live` says so (see the header). */
export function createSessionCaches(generation: Generation, live: CacheLive): SessionCaches {
  return {
    users: new RecheckedCache(generation, SESSION_RECHECK_MS, undefined, undefined, live),
    admins: new RecheckedCache(generation, SESSION_RECHECK_MS, undefined, undefined, live),
  }
}
