import { and, eq, sql } from 'drizzle-orm'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { isListed } from './ad-search.ts'

/**
 * Ends a live ad's lifetime now, as 30 days passing would: its expiry moves to a second ago (expiry is
 * a condition in the queries, decision 010, so nothing else changes). For /api/dev only: the e2e tests
 * cannot wait a month. False when no listed ad has that id.
 */
export async function expireAdNow(db: Db, id: string): Promise<boolean> {
  const done = await db
    .update(ads)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(and(eq(ads.id, id), isListed))
    .returning({ id: ads.id })
  changed(db, 'ads')
  return done.length > 0
}
