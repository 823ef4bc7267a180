import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { ads } from './ads.ts'

/**
 * An ad's visits to other cities (docs/decisions/060-touring.md): the owner's list, replaced whole
 * by each PUT. `from` and `to` are the days as written, on the visited province's clock; `starts_at`
 * and `ends_at` the instants they make, which the listing compares with the app's clock, so a visit
 * begins and ends with no job. The ad going takes them with it.
 */
export const adTours = pgTable(
  'ad_tours',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    // its place in the owner's list, 0 first
    position: integer('position').notNull(),
    province: text('province').notNull(),
    // the place's name as the cities table spells it
    city: text('city').notNull(),
    fromDate: text('from_date').notNull(),
    toDate: text('to_date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.position] }),
    // the listing asks "which ads visit this province now": visits not yet over, by province
    index('ad_tours_province_ends_idx').on(t.province, t.endsAt),
  ],
)

export type AdTourRow = typeof adTours.$inferSelect
