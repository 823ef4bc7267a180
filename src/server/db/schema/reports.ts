import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { REPORT_REASONS } from '#domain/api/reports.ts'
import { ads } from './ads.ts'

/**
 * One row per report of an ad (docs/decisions/014-reports-and-holds.md). `reporter` is
 * 'user:<id>' for a signed-in visitor and 'client:<sha256 of the client address>' for a signed-out
 * one, so one person counts once per ad, and the raw address is never stored.
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
    // set when an admin dismissed or acted on it: it stays for the record but leaves the queue
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('ad_reports_ad_reporter').on(t.adId, t.reporter),
    index('ad_reports_open').on(t.adId).where(sql`${t.resolvedAt} is null`),
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
