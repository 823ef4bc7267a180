import { sql } from 'drizzle-orm'
import { boolean, customType, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { SEARCH_ALERTS, SEARCH_FREQUENCIES } from '#domain/api/saved-searches-paths.ts'
import { users } from './users.ts'

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' })

/**
 * A listing's filters a user keeps (docs/decisions/052-saved-searches.md). `key` is the search written
 * one way (city folded, words trimmed and in lower case): unique per user, so saving the same search
 * twice, even at once from two tabs, keeps one row. `last_opened_at` is when the user last opened
 * the listing from /searches; newSince counts the ads first published after it.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    province: text('province').notNull(),
    category: text('category').notNull(),
    city: text('city'),
    q: text('q'),
    escortType: text('escort_type'),
    verified: boolean('verified').notNull().default(false),
    // what the alerts send (docs/decisions/054-alerts.md): e-mail now; push is stored only
    alert: text('alert', { enum: SEARCH_ALERTS }).notNull().default('none'),
    frequency: text('frequency', { enum: SEARCH_FREQUENCIES }).notNull().default('daily'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull().defaultNow(),
    // `q` as the listing reads it, made once when the search is saved, so that a new ad is matched
    // against every search in one statement (docs/decisions/061-matching-at-scale.md): the tsquery
    // of both languages' word forms, and the folded words also found inside titles (or null)
    matchQuery: tsquery('match_query'),
    matchPartial: text('match_partial'),
  },
  (t) => [
    uniqueIndex('saved_searches_user_key').on(t.userId, t.key),
    // the candidates of a new ad: alerting searches of its category and province (or all of Canada)
    index('saved_searches_alerting').on(t.category, t.province).where(sql`${t.alert} <> 'none'`),
  ],
)

export type SavedSearchRow = typeof savedSearches.$inferSelect
