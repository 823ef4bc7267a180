import { AsyncLocalStorage } from 'node:async_hooks'
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

/**
 * The one database type the services see: PGlite and node-postgres drizzle instances share it, so
 * the same code and the same migrations run on the embedded default and on a PostgreSQL server.
 * PGlite runs every statement on one connection: inside a transaction use only `tx`.
 */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  close: () => Promise<void>
}

// the effects waiting for the commit of the transaction the current code runs in
const committing = new AsyncLocalStorage<Set<() => void>>()

/**
 * Runs `effect` once the outermost transaction the calling code runs in has committed (never if it
 * rolls back) and returns true; outside a transaction returns false and does nothing. An effect
 * given twice in one transaction runs once. Cache news goes out this way: other processes can only
 * read a change once it is committed (docs/decisions/021-shared-changes.md).
 */
export function afterCommit(effect: () => void): boolean {
  const effects = committing.getStore()
  effects?.add(effect)
  return effects !== undefined
}

/** `db.transaction` that runs the afterCommit effects of its callback once it has committed. */
function runningAfterCommit(db: Db): Db {
  const transaction = db.transaction.bind(db)
  const wrapped: Db['transaction'] = async (run, config) => {
    // a transaction opened inside another one's callback is the caller's bug, but must not lose effects
    if (committing.getStore()) return transaction(run, config)
    const effects = new Set<() => void>()
    const result = await committing.run(effects, () => transaction(run, config))
    for (const effect of effects) effect()
    return result
  }
  db.transaction = wrapped
  return db
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url))

export interface OpenOptions {
  /** postgres://… selects PostgreSQL; otherwise PGlite under dataDir ('memory://' for a throwaway one). */
  databaseUrl?: string | undefined
  dataDir: string
}

export async function openDatabase({ databaseUrl, dataDir }: OpenOptions): Promise<Database> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
    // An idle pooled connection the server ends (restart, failover, pg_terminate_backend, a DROP
    // DATABASE … WITH (FORCE) in tests) is reported as a pool 'error': without a listener Node
    // treats it as uncaught and the whole process dies. The pool has already dropped that client,
    // and the next query opens a fresh one.
    pool.on('error', (error) => console.error(`database: idle connection lost (${error.message})`))
    const db = drizzlePg(pool)
    await migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })
    return { db: runningAfterCommit(db), kind: 'postgres', close: () => pool.end() }
  }
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
  // ad search folds accents (unaccent) and matches parts of titles (pg_trgm); see migration 0002_ads
  const client = new PGlite(dataDir, { extensions: { unaccent, pg_trgm } })
  const db = drizzlePglite(client)
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER })
  return { db: runningAfterCommit(db), kind: 'pglite', close: () => client.close() }
}
