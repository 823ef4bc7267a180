import { and, eq, isNull, lte, or, sql } from 'drizzle-orm'
import { renewalOpen, renewedExpiry } from '#domain/ad-renewal.ts'
import { type AdStatus, canApply, effectiveStatus, postFeeAction, unpayableCode } from '#domain/ad-status.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import { BUMP_SPACING_MS, bumpTooSoon } from '#domain/bump-spacing.ts'
import type { FeeType } from '#domain/fees.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { suspendedNow } from '#server/services/accounts/suspension.ts'
import { queueAlertMatch } from '#server/services/alerts/alert-kinds.ts'
import { holdIfCopy } from '#server/services/reports/copy-holds.ts'
import { recordAdEvent } from './ad-events.ts'
import { scheduleAdReminders } from './ad-reminders.ts'
import { isCompanionCategory, ownerVerifiedNow } from './companion-rules.ts'

// What a paid posting or bump fee does to a server ad (docs/decisions/010-ads-on-the-server.md):
// post publishes a pending ad or renews one near or recently past its end (src/domain/ad-renewal.ts),
// bump moves a live ad to the top. The effect
// runs in the payment's own transaction, so the money and the ad change commit together or not at
// all, and a second payment for the same ad finds nothing left to do and is refused. A bump within
// BUMP_SPACING_MINUTES of the last one is refused the same way, before any money moves
// (src/domain/bump-spacing.ts); a published or renewed ad that copies a held or removed one is held
// in the same transaction (docs/decisions/042-holds-that-hold.md).

export type AdFeeAction = 'publish' | 'renew' | 'bump'

export type AdFeeOutcome =
  | { applied: true; action: AdFeeAction }
  | { applied: false; statusCode: 403 | 404 | 409; reason: FeeRefusal }

/** Why a fee is refused: an error code (src/domain/api/error-codes.ts) without parameters. */
export type FeeRefusal =
  | 'ad.not_found'
  | 'ad.fee_needs_ad'
  | 'ad.bumped_recently'
  | 'ad.companion_needs_verification'
  | 'ad.renewal_closed'
  | 'auth.account_suspended'
  | ReturnType<typeof unpayableCode>

function refuse(statusCode: 403 | 404 | 409, reason: FeeRefusal): AdFeeOutcome {
  return { applied: false, statusCode, reason }
}

/**
 * The server ad a posting or bump fee pays for, or why the fee is refused before any money moves:
 * 400 when it names no ad, 404 when what it names is no ad id (as for a missing ad). Money and
 * publishing move together, so no fee is taken that cannot publish, renew or bump anything.
 */
export function feeAdId(
  listingId: string | null | undefined,
): { adId: string } | { statusCode: 400 | 404; reason: FeeRefusal } {
  if (listingId === undefined || listingId === null) return { statusCode: 400, reason: 'ad.fee_needs_ad' }
  return isAdId(listingId) ? { adId: listingId } : { statusCode: 404, reason: 'ad.not_found' }
}

/** Which action a fee of this type would take on this ad for this payer, or why none. */
export function feeAction(
  row: Pick<AdRow, 'ownerId' | 'status' | 'expiresAt' | 'lastBumpAt' | 'category'> | undefined,
  payer: { id: string; verified: boolean },
  type: FeeType,
  now: Date,
): { action: AdFeeAction; from: AdStatus } | { statusCode: 403 | 404 | 409; reason: FeeRefusal } {
  // someone else's ad (or a demo ad) reads exactly like a missing one, so ids do not leak
  if (!row || row.ownerId !== payer.id) return { statusCode: 404, reason: 'ad.not_found' }
  if (isCompanionCategory(row.category) && !payer.verified)
    return { statusCode: 403, reason: 'ad.companion_needs_verification' }
  const from = effectiveStatus(row, now)
  // a live ad near its end is renewed as an expired one is (docs/decisions/051-reminders-and-renewal.md)
  if (type === 'post' && from === 'live' && renewalOpen(row.expiresAt, now)) return { action: 'renew', from }
  const action = type === 'post' ? postFeeAction(from) : canApply('bump', from) ? 'bump' : null
  if (!action) return { statusCode: 409, reason: unpayableCode(type, from) }
  if (action === 'renew' && !renewalOpen(row.expiresAt, now))
    return { statusCode: 409, reason: 'ad.renewal_closed' }
  if (action === 'bump' && bumpTooSoon(row.lastBumpAt, now))
    return { statusCode: 409, reason: 'ad.bumped_recently' }
  return { action, from }
}

/** Read-only: whether a fee could be paid for this ad now (checked when a crypto charge is created). */
export async function checkAdPayable(
  db: Db,
  adId: string,
  payerId: string,
  type: FeeType,
  now: Date,
): Promise<AdFeeOutcome> {
  const verified = await ownerVerifiedNow(db, payerId)
  const [row] = await db.select().from(ads).where(eq(ads.id, adId))
  const verdict = feeAction(row, { id: payerId, verified }, type, now)
  return 'action' in verdict
    ? { applied: true, action: verdict.action }
    : refuse(verdict.statusCode, verdict.reason)
}

/**
 * Applies a paid fee to the ad, inside the payment's transaction. The row is locked first (on
 * PostgreSQL concurrent payers queue here and each re-reads the committed status); the UPDATE
 * repeats the status it read as its condition, so it cannot apply twice even without the lock.
 */
export async function applyAdFee(
  tx: Db,
  input: { adId: string; payerId: string; type: FeeType; paidBy: string; now: Date },
): Promise<AdFeeOutcome> {
  const { now } = input
  // the payer's row before the ad's, in a verification decision's order (companion-rules.ts)
  const verified = await ownerVerifiedNow(tx, input.payerId)
  // a suspended account publishes, renews and bumps nothing, whatever pays: a crypto fee settling
  // after the suspension goes to the wallet instead (charge-effects.ts, docs/decisions/055-shared-contacts.md)
  if (await suspendedNow(tx, input.payerId)) return refuse(403, 'auth.account_suspended')
  const [row] = await tx.select().from(ads).where(eq(ads.id, input.adId)).for('update')
  const verdict = feeAction(row, { id: input.payerId, verified }, input.type, now)
  if (!('action' in verdict)) return refuse(verdict.statusCode, verdict.reason)
  if (!row) return refuse(404, 'ad.not_found')
  const changes =
    verdict.action === 'publish'
      ? { status: 'live' as const, publishedAt: now, expiresAt: renewedExpiry(null, now, row.lifetimeDays) }
      : verdict.action === 'renew'
        ? {
            status: 'live' as const,
            expiresAt: renewedExpiry(row.expiresAt, now, row.lifetimeDays),
            // an expired ad renewed is listed again from the top, as a new post would be; a live one
            // keeps its place (a renewal is no bump)
            ...(verdict.from === 'expired' ? { bumpedAt: now } : {}),
          }
        : { bumpedAt: now, lastBumpAt: now }
  // a bump repeats the spacing as its condition: of 20 bumps racing, one moves the ad and is charged
  const spaced =
    verdict.action === 'bump'
      ? or(isNull(ads.lastBumpAt), lte(ads.lastBumpAt, new Date(now.getTime() - BUMP_SPACING_MS)))
      : undefined
  // a renewal repeats the end it extends: of two renewals racing, the second finds a new end and
  // extends nothing (milliseconds, as the row was read: older rows keep microseconds)
  const sameEnd =
    verdict.action !== 'renew'
      ? undefined
      : row.expiresAt === null
        ? isNull(ads.expiresAt)
        : sql`date_trunc('milliseconds', ${ads.expiresAt}) = ${row.expiresAt.toISOString()}::timestamptz`
  const updated = await tx
    .update(ads)
    .set(changes)
    .where(and(eq(ads.id, row.id), eq(ads.status, row.status), spaced, sameEnd))
    .returning()
  const [after] = updated
  if (!after)
    return refuse(
      409,
      verdict.action === 'bump'
        ? 'ad.bumped_recently'
        : verdict.action === 'renew'
          ? 'ad.already_paid'
          : unpayableCode(input.type, verdict.from),
    )
  await recordAdEvent(tx, {
    adId: row.id,
    kind: verdict.action === 'publish' ? 'published' : verdict.action === 'renew' ? 'renewed' : 'bumped',
    actor: input.payerId,
    from: verdict.from,
    to: verdict.action === 'bump' ? verdict.from : 'live',
    detail: input.paidBy,
    ...(input.now ? { at: input.now } : {}),
  })
  if (verdict.action !== 'bump') {
    await holdIfCopy(tx, after, now)
    // the listed time is new: its reminders, in this transaction (a held copy gets them too, and
    // each finds it held when it runs)
    await scheduleAdReminders(tx, after, now)
  }
  // the first listing tells the saved searches it matches; the job reads the ad again when it runs,
  // so one held as a copy just now alerts nobody (docs/decisions/054-alerts.md)
  if (verdict.action === 'publish') await queueAlertMatch(tx, row.id, now)
  return { applied: true, action: verdict.action }
}
