import { sql } from 'drizzle-orm'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { hashToken } from '#server/services/accounts/tokens.ts'

/**
 * Reference data seeded at start-up survives a purge; everything else is user data. Tables are
 * discovered from the catalog, so a table added later is purged without touching this file.
 */
export const PURGE_KEEP_TABLES: ReadonlySet<string> = new Set([
  'cities',
  'banned_phrases',
  // the seed marker: purged, it would bring back default phrases an admin had deleted
  'moderation_lists',
  '__drizzle_migrations',
  // the record of admin actions, the purge itself included, must outlive the data it explains
  'admin_audit',
])

const ADMIN_SESSIONS_TABLE = 'admin_sessions'

// node-postgres and PGlite both answer raw SQL with { rows }; the shared Db type leaves it unknown
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/**
 * Deletes all user data in one transaction and returns the rows removed per table. Other admin
 * sessions are revoked too, but the caller's own session is kept so the admin stays signed in.
 */
export async function purgeAllUserData(db: Db, currentAdminToken: string): Promise<Record<string, number>> {
  const deleted = await db.transaction(async (tx) => {
    const found = await tx.execute(sql`
      SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'
      ORDER BY table_name`)
    const tables = rowsOf<{ table_name: string }>(found)
      .map((r) => r.table_name)
      .filter((name) => !PURGE_KEEP_TABLES.has(name))
    const truncated = tables.filter((name) => name !== ADMIN_SESSIONS_TABLE)
    const deleted: Record<string, number> = {}
    if (truncated.length > 0) {
      const list = truncated.map(quoteIdent).join(', ')
      // locked first, so no row can slip in between the counts and the truncate
      await tx.execute(sql.raw(`LOCK TABLE ${list} IN ACCESS EXCLUSIVE MODE`))
      for (const name of truncated) {
        const counted = await tx.execute(sql.raw(`SELECT count(*)::int AS n FROM ${quoteIdent(name)}`))
        deleted[name] = Number(rowsOf<{ n: number | string }>(counted)[0]?.n ?? 0)
      }
      // one statement for all, so foreign keys between purged tables need no ordering
      await tx.execute(sql.raw(`TRUNCATE TABLE ${list}`))
    }
    if (tables.includes(ADMIN_SESSIONS_TABLE)) {
      const removed = await tx.execute(
        sql`DELETE FROM admin_sessions WHERE token_hash <> ${hashToken(currentAdminToken)} RETURNING id`,
      )
      deleted[ADMIN_SESSIONS_TABLE] = rowsOf<{ id: string }>(removed).length
    }
    return deleted
  })
  // users, sessions, wallets and ads are gone: no cached copy may still answer for them
  changed(db, 'sessions', 'wallets', 'ads')
  return deleted
}
