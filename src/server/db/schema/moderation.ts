import { sql } from 'drizzle-orm'
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

export const bannedPhrases = pgTable('banned_phrases', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  // as the admin typed it (trimmed): this is what the list and the check's matches show
  phrase: text('phrase').notNull(),
  // phraseKey(phrase): unique, so "Teen", "téen" and "t33n" cannot all be listed, even when two
  // admins add them at once
  normalized: text('normalized').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * One row per moderated list. seeded_at marks that the default phrases were added once, so an
 * admin who deletes them all does not get them back at the next start. version goes up with every
 * change, so each API process can tell that its cached matcher is stale.
 */
export const moderationLists = pgTable('moderation_lists', {
  name: text('name').primaryKey(),
  version: integer('version').notNull().default(0),
  seededAt: timestamp('seeded_at', { withTimezone: true }),
})
