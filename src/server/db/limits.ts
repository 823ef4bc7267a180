/**
 * How long a request may wait on PostgreSQL before it is answered 503 (DB_CONNECT_TIMEOUT_MS and
 * DB_STATEMENT_TIMEOUT_MS in config.ts; docs/decisions/026-migrations-and-start-up.md says why
 * these values). PGlite runs in the process and has no connection to lose.
 */
export interface DatabaseLimits {
  /** Opening a connection, or waiting for a free one of the pool. */
  connectTimeoutMs: number
  /** One statement, enforced by the server (statement_timeout) and, for a server that no longer answers at all, by the client a little later. */
  statementTimeoutMs: number
}

export const DEFAULT_DATABASE_LIMITS: DatabaseLimits = { connectTimeoutMs: 3_000, statementTimeoutMs: 5_000 }

// the client's own bound comes this much after the server's, so a slow statement is cancelled by
// the server (the connection stays usable) and only a server that does not answer at all trips it
export const CLIENT_TIMEOUT_MARGIN_MS = 1_000
