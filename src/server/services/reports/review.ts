import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm'
import { canApply, effectiveStatus } from '#domain/ad-status.ts'
import { AD_NOT_FOUND_DETAIL } from '#domain/api/ads.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import {
  type QueueItem,
  REMOVAL_REASON_REQUIRED_DETAIL,
  type ReportReason,
  type ReviewAction,
  URGENT_REASONS,
} from '#domain/api/reports.ts'
import { photoUrls, videoUrls } from '#domain/media-urls.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { recordAdEvent } from '#server/services/ads/ad-events.ts'
import type { AdRow } from '#server/services/ads/ad-views.ts'
import { recordAudit } from './admin-audit.ts'

export const QUEUE_LIMIT = 200

// Urgent first (a suspected minor or trafficking), then more reporters, then the oldest report
function byUrgency(a: QueueItem, b: QueueItem): number {
  if (a.urgent !== b.urgent) return a.urgent ? -1 : 1
  if (a.reporters !== b.reporters) return b.reporters - a.reporters
  return (a.firstReportedAt ?? '').localeCompare(b.firstReportedAt ?? '')
}

/** Ads with open reports, and every held ad, most urgent first, each with its open reports. */
export async function reviewQueue(db: Db): Promise<QueueItem[]> {
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
  const items = rows.map((ad): QueueItem => {
    const reports = open.filter((r) => r.adId === ad.id)
    return {
      adId: ad.id,
      status: ad.status,
      title: ad.title,
      description: ad.description,
      images: photoUrls(ad.images),
      videos: videoUrls(ad.videos),
      holdReason: ad.holdReason ?? '',
      urgent: reports.some((r) => URGENT_REASONS.includes(r.reason as ReportReason)),
      reporters: new Set(reports.map((r) => r.reporter)).size,
      firstReportedAt: reports[0]?.at.toISOString() ?? null,
      reports: reports.map((r) => ({
        reason: r.reason as ReportReason,
        details: r.details,
        at: r.at.toISOString(),
      })),
    }
  })
  return items.sort(byUrgency).slice(0, QUEUE_LIMIT)
}

export const CANNOT_RESTORE_DETAIL = 'Only a removed ad that has not expired can be restored'
export const NOTHING_TO_DISMISS_DETAIL = 'This ad has no open reports and is not held'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

async function lockedAd(tx: Tx, id: string): Promise<AdRow> {
  if (!isAdId(id)) throw new ApiError(404, AD_NOT_FOUND_DETAIL)
  const [row] = await tx.select().from(ads).where(eq(ads.id, id)).for('update')
  if (!row) throw new ApiError(404, AD_NOT_FOUND_DETAIL)
  return row
}

async function resolveReports(tx: Tx, adId: string): Promise<number> {
  const resolved = await tx
    .update(adReports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
    .returning({ id: adReports.id })
  return resolved.length
}

/**
 * An admin's decision on one ad, with its ad_events row and its audit row in one transaction.
 * dismiss: reports resolved, a held ad back to live. remove: removed with a reason the owner reads.
 * restore: a removed ad back to live while it has not expired.
 */
export async function reviewAd(
  db: Db,
  admin: string,
  adId: string,
  action: ReviewAction,
  reason: string,
): Promise<void> {
  if (action === 'remove' && reason === '') throw new ApiError(400, REMOVAL_REASON_REQUIRED_DETAIL)
  const actor = `admin:${admin}`
  await db.transaction(async (tx) => {
    const ad = await lockedAd(tx, adId)
    const now = new Date()
    const from = effectiveStatus(ad, now)
    if (action === 'dismiss') {
      const resolved = await resolveReports(tx, ad.id)
      if (ad.status === 'held') {
        await tx.update(ads).set({ status: 'live', holdReason: null }).where(eq(ads.id, ad.id))
        await recordAdEvent(tx, { adId: ad.id, kind: 'released', actor, from, to: 'live', detail: reason })
      } else if (resolved === 0) throw new ApiError(409, NOTHING_TO_DISMISS_DETAIL)
    } else if (action === 'remove') {
      if (!canApply('remove', from)) throw new ApiError(409, 'This ad is already removed')
      await tx.update(ads).set({ status: 'removed', removalReason: reason }).where(eq(ads.id, ad.id))
      await resolveReports(tx, ad.id)
      await recordAdEvent(tx, { adId: ad.id, kind: 'removed', actor, from, to: 'removed', detail: reason })
    } else {
      const unexpired = ad.expiresAt !== null && ad.expiresAt.getTime() > now.getTime()
      if (!canApply('restore', from) || !unexpired || ad.publishedAt === null)
        throw new ApiError(409, CANNOT_RESTORE_DETAIL)
      await tx
        .update(ads)
        .set({ status: 'live', removalReason: null, holdReason: null })
        .where(eq(ads.id, ad.id))
      await recordAdEvent(tx, { adId: ad.id, kind: 'restored', actor, from, to: 'live', detail: reason })
    }
    await recordAudit(tx, { admin, action, target: `ad:${ad.id}`, reason })
  })
}
