import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import { adPath } from '#domain/ad-path.ts'
import { canApply, effectiveStatus } from '#domain/ad-status.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import {
  type AdSnapshotContent,
  type BulkReleaseResponse,
  type HoldCategory,
  type QueueItem,
  type QueueVersion,
  type ReportReason,
  type ReviewAction,
  URGENT_REASONS,
} from '#domain/api/reports.ts'
import type { CategoryKey } from '#domain/categories.ts'
import { photoUrls, videoUrls } from '#domain/media-urls.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { adAppeals, adReports, adSnapshots } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { recordAdEvent } from '#server/services/ads/ad-events.ts'
import { stopSchedulesOf } from '#server/services/bump-schedules/bump-kind.ts'
import { adContent, contentHash } from './ad-fingerprint.ts'
import { recordAudit } from './admin-audit.ts'
import { holdVerdict, reportVoice } from './hold-rules.ts'
import { appealsOfCurrentHolds, holdView } from './hold-view.ts'
import { adminActor, holdAds, releaseAds, resolveReports, type Tx } from './holds.ts'
import { reporterFacts, toReporterHistory } from './reporter-history.ts'

export const QUEUE_LIMIT = 200

const isUrgent = (reason: string) => URGENT_REASONS.includes(reason as ReportReason)

// Reports awaiting an admin's confirmation first (042), then urgent ones (a suspected minor or
// trafficking), then held ads whose owner asked for a review, then more reporters, then the oldest report
function byUrgency(a: QueueItem, b: QueueItem): number {
  if (a.awaitingConfirmation !== b.awaitingConfirmation) return a.awaitingConfirmation ? -1 : 1
  if (a.urgent !== b.urgent) return a.urgent ? -1 : 1
  const appealed = (item: QueueItem) => item.appeal !== null
  if (appealed(a) !== appealed(b)) return appealed(a) ? -1 : 1
  if (a.reporters !== b.reporters) return b.reporters - a.reporters
  return (a.firstReportedAt ?? '').localeCompare(b.firstReportedAt ?? '')
}

/**
 * Ads with open reports, and every held ad, most urgent first, each with its open reports, each
 * reporter's history, why it is held and the owner's appeal of the current hold.
 */
export async function reviewQueue(db: Db): Promise<QueueItem[]> {
  const now = new Date()
  const open = await db
    .select()
    .from(adReports)
    .where(isNull(adReports.resolvedAt))
    .orderBy(asc(adReports.at), asc(adReports.id))
  const reportedIds = [...new Set(open.map((r) => r.adId))]
  const rows = await db
    .select()
    .from(ads)
    .where(
      reportedIds.length > 0
        ? or(eq(ads.status, 'held'), inArray(ads.id, reportedIds))
        : eq(ads.status, 'held'),
    )
  const facts = await reporterFacts(db, open)
  const ids = rows.map((ad) => ad.id)
  const decided =
    ids.length === 0
      ? []
      : await db
          .select({ adId: adReports.adId, reason: adReports.reason, judgedHash: adReports.judgedHash })
          .from(adReports)
          .where(and(inArray(adReports.adId, ids), eq(adReports.outcome, 'dismissed')))
  const seen = [...new Set(open.flatMap((r) => (r.contentHash === null ? [] : [r.contentHash])))]
  const versions =
    seen.length === 0
      ? []
      : await db
          .select()
          .from(adSnapshots)
          .where(and(inArray(adSnapshots.adId, ids), inArray(adSnapshots.contentHash, seen)))
          .orderBy(asc(adSnapshots.at))
  const appealedAt = await appealsOfCurrentHolds(db, rows)
  const appeals =
    appealedAt.size === 0
      ? []
      : await db
          .select()
          .from(adAppeals)
          .where(inArray(adAppeals.adId, [...appealedAt.keys()]))
  const items = rows.map((ad): QueueItem => {
    const reports = open.filter((r) => r.adId === ad.id)
    const current = contentHash(adContent(ad))
    const cleared = new Set(
      decided.filter((r) => r.adId === ad.id && r.judgedHash === current).map((r) => r.reason),
    )
    const verdict =
      ad.status === 'held'
        ? null
        : holdVerdict(
            reports.map((r) => ({ ...r, voice: reportVoice(r) })),
            facts,
            cleared,
            now,
          )
    const at = appealedAt.get(ad.id)
    const appeal =
      at === undefined ? undefined : appeals.find((a) => a.adId === ad.id && a.at.getTime() === at.getTime())
    return {
      adId: ad.id,
      status: ad.status,
      title: ad.title,
      // the columns hold only known codes: the write paths validate them (as ad-views.ts reads them)
      path: adPath({
        id: ad.id,
        title: ad.title,
        province: ad.province as ProvinceCode,
        category: ad.category as CategoryKey,
      }),
      description: ad.description,
      images: photoUrls(ad.images),
      videos: videoUrls(ad.videos),
      holdReason: ad.holdReason ?? '',
      urgent: reports.some((r) => isUrgent(r.reason)),
      reporters: new Set(reports.map((r) => r.reporter)).size,
      firstReportedAt: reports[0]?.at.toISOString() ?? null,
      reports: reports.map((r) => {
        const reporter = facts.get(r.reporter)
        return {
          reason: r.reason,
          details: r.details,
          at: r.at.toISOString(),
          contentHash: r.contentHash,
          reporter: reporter
            ? toReporterHistory(r, reporter, now)
            : {
                label: '',
                kind: 'visitor',
                newAccount: false,
                made: 1,
                dismissed: 0,
                upheld: 0,
                canHold: true,
              },
        }
      }),
      hold: holdView(ad, appeal?.at ?? null),
      awaitingConfirmation: verdict !== null && !verdict.hold && verdict.awaitingConfirmation,
      contentHash: current,
      versions: versions.filter((v) => v.adId === ad.id).map(versionView),
      appeal: appeal ? { note: appeal.note, at: appeal.at.toISOString() } : null,
    }
  })
  return items.sort(byUrgency).slice(0, QUEUE_LIMIT)
}

/** A kept version as the queue shows it: its photos and videos as URLs the admin's token opens. */
function versionView(row: typeof adSnapshots.$inferSelect): QueueVersion {
  // written only by snapshotAds from adContent(): the column holds that shape
  const content = row.content as AdSnapshotContent
  return {
    ...content,
    images: photoUrls(content.images),
    videos: videoUrls(content.videos),
    contentHash: row.contentHash,
    at: row.at.toISOString(),
  }
}

async function lockedAd(tx: Tx, id: string): Promise<AdRow> {
  if (!isAdId(id)) throw new ApiError(404, 'ad.not_found')
  const [row] = await tx.select().from(ads).where(eq(ads.id, id)).for('update')
  if (!row) throw new ApiError(404, 'ad.not_found')
  return row
}

/** The category an admin's hold shows its owner: the gravest open report's reason, else 'admin'. */
async function adminHoldCategory(tx: Tx, adId: string): Promise<HoldCategory> {
  const rows = await tx
    .select({ reason: adReports.reason })
    .from(adReports)
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .orderBy(asc(adReports.at))
  return (rows.find((r) => isUrgent(r.reason)) ?? rows[0])?.reason ?? 'admin'
}

/** The expiry a restored ad gets: the time it had left when held, else its own unexpired one. */
function restoredExpiry(ad: AdRow, now: Date): Date | null {
  if (ad.heldRemainingMs !== null) {
    return ad.heldRemainingMs > 0 ? new Date(now.getTime() + ad.heldRemainingMs) : null
  }
  return ad.expiresAt !== null && ad.expiresAt.getTime() > now.getTime() ? ad.expiresAt : null
}

/**
 * An admin's decision on one ad, with its ad_events row and its audit row in one transaction.
 * dismiss: reports dismissed, a held ad released with the time it had left. remove: removed with a
 * reason the owner reads, its reports upheld. restore: a removed ad back to live while it has
 * time left. hold: a live ad held, confirming a report that could not hold it by itself.
 */
export async function reviewAd(
  db: Db,
  admin: string,
  adId: string,
  action: ReviewAction,
  reason: string,
): Promise<void> {
  if (action === 'remove' && reason === '') throw new ApiError(400, 'report.removal_reason_required')
  const actor = adminActor(admin)
  await db.transaction(async (tx) => {
    const ad = await lockedAd(tx, adId)
    const now = new Date()
    const from = effectiveStatus(ad, now)
    if (action === 'dismiss') {
      if (ad.status === 'held') {
        await releaseAds(tx, [ad.id], actor, reason, now)
        return
      }
      if ((await resolveReports(tx, [ad.id], 'dismissed', now)) === 0)
        throw new ApiError(409, 'report.nothing_to_dismiss')
    } else if (action === 'hold') {
      const category = await adminHoldCategory(tx, ad.id)
      const held = await holdAds(tx, [ad.id], { category, why: reason || 'held by an admin', actor }, now)
      if (held.length === 0) throw new ApiError(409, 'report.cannot_hold')
      return
    } else if (action === 'remove') {
      if (!canApply('remove', from)) throw new ApiError(409, 'report.already_removed')
      // held_remaining_ms stays: a restore gives the ad back the time it had when it was held
      await tx
        .update(ads)
        .set({ status: 'removed', removalReason: reason, heldAt: null, holdCategory: null })
        .where(eq(ads.id, ad.id))
      await stopSchedulesOf(tx, [ad.id])
      await resolveReports(tx, [ad.id], 'upheld', now)
      await recordAdEvent(tx, {
        adId: ad.id,
        kind: 'removed',
        actor: actor.event,
        from,
        to: 'removed',
        detail: reason,
      })
    } else {
      const expiresAt = restoredExpiry(ad, now)
      if (!canApply('restore', from) || expiresAt === null || ad.publishedAt === null)
        throw new ApiError(409, 'report.cannot_restore')
      await tx
        .update(ads)
        .set({ status: 'live', expiresAt, removalReason: null, holdReason: null, heldRemainingMs: null })
        .where(eq(ads.id, ad.id))
      await recordAdEvent(tx, {
        adId: ad.id,
        kind: 'restored',
        actor: actor.event,
        from,
        to: 'live',
        detail: reason,
      })
    }
    await recordAudit(tx, { admin, action, target: `ad:${ad.id}`, reason })
  })
}

/**
 * Releases many held ads at once (their open reports dismissed), each with the time it had left,
 * each with its own ad_events and audit rows, all in one transaction. Ids of ads that are not held
 * come back as skipped.
 */
export async function releaseHolds(
  db: Db,
  admin: string,
  adIds: readonly string[],
  reason: string,
): Promise<BulkReleaseResponse> {
  const wanted = [...new Set(adIds)]
  const valid = wanted.filter(isAdId)
  const released = await db.transaction(async (tx) => {
    if (valid.length === 0) return []
    // locked in one order, so two bulk releases sharing ads cannot deadlock
    await tx.select({ id: ads.id }).from(ads).where(inArray(ads.id, valid)).orderBy(asc(ads.id)).for('update')
    return releaseAds(tx, valid, adminActor(admin), reason)
  })
  const done = new Set(released)
  return { released: wanted.filter((id) => done.has(id)), skipped: wanted.filter((id) => !done.has(id)) }
}
