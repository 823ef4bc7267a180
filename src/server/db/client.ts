import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { DependencyUnavailable } from '#server/outages.ts'
import { runningAfterCommit } from './after-commit.ts'
import type { CommittedChanges } from './changes.ts'
import type { Db } from './handle.ts'
import { CLIENT_TIMEOUT_MARGIN_MS, type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from './limits.ts'

/**
 * The one database type the services see: PGlite and node-postgres drizzle instances share it, so
 * the same code and the same migrations run on the embedded default and on a PostgreSQL server.
 * PGlite runs every statement on one connection: inside a transaction use only `tx`.
 */
export type { Db }

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** What committed writes changed, told to the caches and the change feed (changes.ts). */
  changes: CommittedChanges
  /**
   * PostgreSQL only: whether the server answers a new connection of its own, outside the pool, within
   * `timeoutMs`. Readiness asks it when the pool fails, to tell this process's pool broken (the
   * process is unfit) from the database down for every process (docs/decisions/041-fault-drill.md).
   */
  reachable?: (timeoutMs: number) => Promise<void>
  close: () => Promise<void>
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * The extensions every PGlite of the product loads: ad search folds accents (unaccent) and matches
 * parts of titles (pg_trgm); see migration 0002_ads. A data directory made with them opens only with them.
 */
export const PGLITE_EXTENSIONS = { unaccent, pg_trgm }

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite under dataDir ('memory://' for a throwaway one). */
  databaseUrl?: string | undefined
  dataDir: string
  /** PostgreSQL only: the timeouts of every connection (default DEFAULT_DATABASE_LIMITS). */
  limits?: DatabaseLimits | undefined
  /**
   * PGlite only: an archive of a data directory (PGlite's `dumpDataDir`) to start from instead of an
   * empty one; the migrations then run from where it stands. The API tests start every file's
   * database from one migrated archive (tests/support/pglite-template.ts).
   */
  startFrom?: Blob | undefined
}

// Any number, the same in every process of every version: the PostgreSQL advisory lock that lets one
// process at a time migrate a database (docs/decisions/026-migrations-and-start-up.md)
export const MIGRATION_LOCK_KEY = 2_029_026

/**
 * Runs the migrations not yet applied to a PostgreSQL database, one process at a time: several
 * processes starting on an empty database used to race, and the loser died on a duplicate
 * `CREATE TABLE`. The lock is a session lock on a connection of its own, without the request
 * timeouts (a migration may take minutes on a large table); ending that session releases it, even
 * when this process dies half way.
 */
export async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  // an error between two statements is also the next statement's rejection, which we throw
  client.on('error', () => {})
  await client.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_FOLDER })
  } finally {
    await client.end()
  }
}

/** One line per burst of lost connections (a failover ends all ten of them at once), not one each. */
function lostConnectionReporter(quietMs = 10_000): (error: Error) => void {
  let last = 0
  return (error) => {
    const now = Date.now()
    if (now - last > quietMs) console.error(`database: connection lost (${error.message})`)
    last = now
  }
}

/** The node-postgres pool, each connection bounded by `limits` and listened to for its whole life. */
function boundedPool(databaseUrl: string, limits: DatabaseLimits): pg.Pool {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    // opening a connection, and waiting for a free one when all ten are busy
    connectionTimeoutMillis: limits.connectTimeoutMs,
    // the server cancels a statement past this (a lock held elsewhere, a slow plan): 57014, a 503
    statement_timeout: limits.statementTimeoutMs,
    // and a server that answers nothing at all (frozen, or a network that drops packets) trips this
    query_timeout: limits.statementTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    // a failover that leaves no FIN behind is found by TCP instead of by the next statement's timeout
    keepAlive: true,
  })
  const report = lostConnectionReporter()
  // The pool listens to its idle connections only. A connection the server ends (restart,
  // failover, pg_terminate_backend) while a transaction holds it between two statements emits
  // 'error' with no listener, and Node ends the process on an unlistened 'error'. Each connection
  // gets a listener of its own for its whole life; the transaction's next statement fails (a 503)
  // and the pool drops the connection when it is released.
  pool.on('connect', (client) => {
    client.on('error', report)
    // After the client's own timeout the statement's answer may still come, on a connection drizzle
    // would give back to the pool for the next request: close it instead, so the pool drops it.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown
    client.query = ((...args: unknown[]) => {
      const result = query(...args)
      if (!(result instanceof Promise)) return result
      return result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout')
          void client.end().catch(() => {})
        throw error
      })
    }) as typeof client.query
  })
  // reported by the connection's own listener above
  pool.on('error', () => {})
  // drizzle opens a transaction with pool.connect(), outside its own error wrapping: name the
  // database in a refusal there, so the request gets a 503 and not a 500
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args)
    return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
      throw new DependencyUnavailable('database', { cause: error })
    })
  }) as typeof pool.connect
  return pool
}

/** Opens one connection outside the pool, asks `SELECT 1` and closes it, all within `timeoutMs`. */
async function answersNewConnection(databaseUrl: string, timeoutMs: number): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  })
  client.on('error', () => {})
  try {
    await client.connect()
    await client.query('SELECT 1')
  } finally {
    void client.end().catch(() => {})
  }
}

export async function openDatabase({
  databaseUrl,
  dataDir,
  limits = DEFAULT_DATABASE_LIMITS,
  startFrom,
}: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    // a no-op once `npm run migrate` (or another process) has run them
    await migratePostgres(databaseUrl)
    const pool = boundedPool(databaseUrl, limits)
    return {
      ...runningAfterCommit(drizzlePg(pool)),
      kind: 'postgres',
      reachable: (timeoutMs) => answersNewConnection(databaseUrl, timeoutMs),
      close: () => pool.end(),
    }
  }
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(dataDir, {
    ...(startFrom ? { loadDataDir: startFrom } : {}),
    extensions: PGLITE_EXTENSIONS,
  })
  const db = drizzlePglite(client)
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  return { ...runningAfterCommit(db), kind: 'pglite', close: () => client.close() }
}
