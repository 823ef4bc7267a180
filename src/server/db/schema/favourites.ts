import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/**
 * The ads a user keeps (docs/decisions/046-favourites.md). `ad_id` has no foreign key on purpose: a
 * favourite outlives its ad (expired, held, removed or purged) and is shown marked as such, never
 * silently dropped. The (ad_id) index answers an owner's "kept by N people" on /manage.
 */
export const favourites = pgTable(
  'favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adId: text('ad_id').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.adId] }), index('favourites_ad_idx').on(t.adId)],
)
