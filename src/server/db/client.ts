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
import { runningAfterCommit } from './after-commit.ts'

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
