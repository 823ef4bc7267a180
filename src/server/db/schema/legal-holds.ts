import { sql } from 'drizzle-orm'
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * A legal hold (docs/decisions/057-legal-holds.md): a sealed copy of an ad and its account for law
 * enforcement. No foreign key reaches the live tables on purpose: deleting the ad or the account, or
 * any retention purge, leaves these rows as they are. `adId` and `accountId` are plain text.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    adId: text('ad_id').notNull(),
    adTitle: text('ad_title').notNull().default(''),
    accountId: text('account_id'),
    accountEmail: text('account_email'),
    reason: text('reason').notNull(),
    externalReference: text('external_reference').notNull().default(''),
    placedBy: text('placed_by').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().defaultNow(),
    keptUntil: timestamp('kept_until', { withTimezone: true }).notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: text('released_by'),
    releaseReason: text('release_reason'),
  },
  (t) => [index('legal_holds_ad').on(t.adId), index('legal_holds_account').on(t.accountId)],
)

/**
 * One sealed document (a JSON copy of rows) or one media file (a copy in the media store under its
 * own `legal-` key, so deleting the live file leaves it) of a hold. Released holds lose their items.
 */
export const legalHoldItems = pgTable(
  'legal_hold_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    holdId: uuid('hold_id')
      .notNull()
      .references(() => legalHolds.id, { onDelete: 'cascade' }),
    // the file's name in the archive, e.g. `ad-versions.json` or `media/<id>.webp`
    name: text('name').notNull(),
    document: jsonb('document'),
    storageKey: text('storage_key'),
    bytes: integer('bytes'),
    sealedAt: timestamp('sealed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legal_hold_items_hold').on(t.holdId), index('legal_hold_items_key').on(t.storageKey)],
)
