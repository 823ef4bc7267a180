import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'

/**
 * A database handle, PGlite's or PostgreSQL's: what every service is given. Apart from client.ts,
 * which opens one, so that after-commit.ts (which client.ts uses) can name it without a circle.
 */
export type Db = PgDatabase<PgQueryResultHKT>
