import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#domain/languages.ts'
import { ads } from './ads.ts'
import { users } from './users.ts'

/**
 * One row each time an advertiser confirmed, on posting or editing an Adult Companions ad, that they
 * are 18 or older and that the ad offers only their own time and company
 * (docs/decisions/049-open-in-canada.md). `content_hash` names the version of the ad they confirmed,
 * kept in ad_snapshots (docs/decisions/042-holds-that-hold.md); `language` is the one the words were
 * shown in.
 */
export const companionConfirmations = pgTable(
  'companion_confirmations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('companion_confirmations_ad').on(t.adId, t.confirmedAt)],
)
