import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { ads } from './ads.ts'

/**
 * Per ad and per UTC day, what its owner sees on /manage (docs/decisions/053-ad-stats.md): views (one
 * per visitor per day, deduplicated in memory), contact reveals and alerts sent. Written only by the
 * counter's flush (`INSERT … ON CONFLICT DO UPDATE SET views = views + excluded.views`); favourites
 * are read from `favourites` itself. Deleted with the ad, and by the retention job after
 * RETENTION.adStatsDays.
 */
export const adStatsDaily = pgTable(
  'ad_stats_daily',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    reveals: integer('reveals').notNull().default(0),
    alerts: integer('alerts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
)
