import { desc } from 'drizzle-orm'
import type { AuditEntry } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { adminAudit } from '#server/db/schema/reports.ts'

export const ADMIN_ACTIONS = [
  'phrase_added',
  'phrase_deleted',
  'purge',
  'dismiss',
  'remove',
  'restore',
  // docs/decisions/033-reports-that-cost.md: every hold (by the report rules, 'system', or an admin),
  // every release, and every owner's appeal ('user:<id>')
  'hold',
  'release',
  'appeal',
  // docs/decisions/034-privacy-and-retention.md: who is the pseudonym the kept ledger rows now name
  'account_deleted',
  // docs/decisions/031-verified-advertisers.md and 032-photo-review.md: each decision, its admin and date
  'verification_approved',
  'verification_refused',
  'verification_revoked',
  'photo_approved',
  'photo_refused',
  // docs/decisions/055-shared-contacts.md: one person, one account
  'account_suspended',
  'account_unsuspended',
  'shared_contact_dismissed',
  // docs/decisions/057-legal-holds.md: each step of a legal hold
  'legal_hold_placed',
  'legal_hold_reference',
  'legal_hold_downloaded',
  'legal_hold_released',
] as const
export type AdminAction = (typeof ADMIN_ACTIONS)[number]

export interface AuditInput {
  /** who acted: an admin's username, 'system' for the report rules, 'user:<id>' for an owner */
  admin: string
  action: AdminAction
  target?: string
  reason?: string
}

/** Writes one audit row; pass the `tx` that made the change so both commit or neither. */
export async function recordAudit(db: Db, entry: AuditInput): Promise<void> {
  await db.insert(adminAudit).values({
    admin: entry.admin,
    action: entry.action,
    target: entry.target ?? '',
    reason: entry.reason ?? '',
  })
}

export const AUDIT_PAGE = 200

/** The latest admin actions, newest first. */
export async function listAudit(db: Db): Promise<AuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAudit)
    .orderBy(desc(adminAudit.at), desc(adminAudit.id))
    .limit(AUDIT_PAGE)
  return rows.map((r) => ({
    admin: r.admin,
    action: r.action,
    target: r.target,
    reason: r.reason,
    at: r.at.toISOString(),
  }))
}
