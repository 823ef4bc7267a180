import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ads } from './ads.ts'
import { savedSearches } from './saved-searches.ts'
import { users } from './users.ts'

/**
 * One row per (saved search, ad) an alert is owed for (docs/decisions/054-alerts.md): the unique pair
 * is what makes an alert once per search and ad, whatever runs the matching twice. `email_at` is when
 * its mail went into the outbox (in the same transaction), `email_skipped` why it never will (the ad
 * was held or gone, or the alert turned off, by the time it was to leave).
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    searchId: uuid('search_id')
      .notNull()
      .references(() => savedSearches.id, { onDelete: 'cascade' }),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    emailAt: timestamp('email_at', { withTimezone: true }),
    emailSkipped: text('email_skipped'),
    /** When its Web Push went out (or was found needless): written in the send job's complete. */
    pushAt: timestamp('push_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_search_ad').on(t.searchId, t.adId),
    index('alert_deliveries_user').on(t.userId, t.createdAt),
  ],
)

export type AlertDeliveryRow = typeof alertDeliveries.$inferSelect

/**
 * A device that allowed notifications (docs/decisions/054-alerts.md): the push service's endpoint and
 * the keys RFC 8291 encrypts with. One row per endpoint; a 404 or 410 from the service deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint').on(t.endpoint),
    index('push_subscriptions_user').on(t.userId),
  ],
)
