import { sql } from 'drizzle-orm'
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { REPORT_REASONS } from '#domain/api/reports.ts'
import { ads } from './ads.ts'

export const REPORT_OUTCOMES = ['dismissed', 'upheld'] as const

/**
 * One row per report of an ad (docs/decisions/014-reports-and-holds.md). `reporter` is
 * 'user:<id>' for a signed-in visitor and 'client:<sha256 of the client address>' for a signed-out
 * one, so one person counts once per ad, and the raw address is never stored. `address` is that
 * hash for every report, signed in or not: the daily cap per address and the independence of two
 * reporters read it (docs/decisions/033-reports-that-cost.md). The retention job forgets both
 * address forms after REPORT_ADDRESS_RETENTION_DAYS (docs/decisions/034-privacy-and-retention.md).
 */
export const adReports = pgTable(
  'ad_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    reporter: text('reporter').notNull(),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    details: text('details').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address'),
    // set when an admin dismissed or acted on it: it stays for the record but leaves the queue
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    // what the admin decided: dismissed (the ad stayed) or upheld (the ad was removed); the
    // reporter's history in the queue and their power to hold ads are counted from it
    outcome: text('outcome', { enum: REPORT_OUTCOMES }),
    // a signed-in reporter's e-mail as a keyed hash (services/reports/reporter-keys.ts): the account
    // deleted and signed up again with the same e-mail is still this reporter, with this history and
    // these caps (docs/decisions/042-holds-that-hold.md). Null for signed-out reports
    emailHash: text('email_hash'),
    // the ad's content as this report saw it (ad_snapshots.content_hash), and as the admin's decision
    // judged it: a dismissal clears a reason only for the content it judged (042). Null before 0009
    contentHash: text('content_hash'),
    judgedHash: text('judged_hash'),
  },
  (t) => [
    uniqueIndex('ad_reports_ad_reporter').on(t.adId, t.reporter),
    // one report per ad per e-mail, across an account's deletion and a new sign-up
    uniqueIndex('ad_reports_ad_email').on(t.adId, t.emailHash),
    index('ad_reports_email_at').on(t.emailHash, t.at).where(sql`${t.emailHash} is not null`),
    index('ad_reports_open').on(t.adId).where(sql`${t.resolvedAt} is null`),
    // a reporter's history and daily cap; an address's daily cap
    index('ad_reports_reporter_at').on(t.reporter, t.at),
    index('ad_reports_address_at').on(t.address, t.at).where(sql`${t.address} is not null`),
    check('ad_reports_details_length', sql`char_length(${t.details}) <= 1000`),
  ],
)

/** Every admin action (who, what, on what, why, when), newest read first. Never rewritten. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    admin: text('admin').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_at').on(t.at.desc())],
)

/**
 * An owner's request for a review of a hold, once per hold: `held_at` is the hold's start
 * (ads.held_at when the appeal was made), so a later hold of the same ad can be appealed again.
 */
export const adAppeals = pgTable(
  'ad_appeals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    heldAt: timestamp('held_at', { withTimezone: true }).notNull(),
    note: text('note').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ad_appeals_ad_hold').on(t.adId, t.heldAt),
    check('ad_appeals_note_length', sql`char_length(${t.note}) <= 1000`),
  ],
)

/**
 * What a visitor could read of an ad at a moment that matters: when it was reported, held or removed
 * (docs/decisions/042-holds-that-hold.md). One row per distinct content of an ad. The admin's queue
 * shows each reported version; `text_hash` and `storage_keys` find a new ad that copies a held or
 * removed one (same text, or the same photo or video file); `media_ids` keep a reported version's
 * media private and out of the abandoned-upload sweep while the ad is held or removed.
 */
export const adSnapshots = pgTable(
  'ad_snapshots',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    contentHash: text('content_hash').notNull(),
    textHash: text('text_hash').notNull(),
    content: jsonb('content').notNull(),
    mediaIds: text('media_ids').array().notNull(),
    storageKeys: text('storage_keys').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.adId, t.contentHash] }),
    index('ad_snapshots_text').on(t.textHash),
    index('ad_snapshots_storage_keys').using('gin', t.storageKeys),
    index('ad_snapshots_media_ids').using('gin', t.mediaIds),
  ],
)
