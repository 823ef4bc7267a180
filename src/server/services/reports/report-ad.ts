import { and, countDistinct, eq, isNull } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import { AD_NOT_FOUND_DETAIL } from '#domain/api/ads.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import {
  HOLD_AFTER_REPORTERS,
  type ReportRequest,
  type ReportResponse,
  URGENT_REASONS,
} from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { recordAdEvent } from '#server/services/ads/ad-events.ts'

/**
 * Records one visitor's report of a live ad and holds the ad when the rules say so: at once for a
 * suspected minor or trafficking, else at HOLD_AFTER_REPORTERS distinct open reporters. The report,
 * the status change and its ad_events row commit together; the ad row is locked first, so two
 * racing third reports hold it once.
 */
export async function reportAd(
  db: Db,
  adId: string,
  reporter: string,
  report: ReportRequest,
): Promise<ReportResponse> {
  if (!isAdId(adId)) throw new ApiError(404, AD_NOT_FOUND_DETAIL)
  return db.transaction(async (tx) => {
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for('update')
    if (!ad || effectiveStatus(ad, new Date()) !== 'live') throw new ApiError(404, AD_NOT_FOUND_DETAIL)
    const inserted = await tx
      .insert(adReports)
      .values({ adId, reporter, reason: report.reason, details: report.details })
      .onConflictDoNothing({ target: [adReports.adId, adReports.reporter] })
      .returning({ id: adReports.id })
    if (inserted.length === 0) return { already_reported: true }

    let why: string | null = null
    if (URGENT_REASONS.includes(report.reason)) why = `reported: ${report.reason}`
    else {
      const [open] = await tx
        .select({ n: countDistinct(adReports.reporter) })
        .from(adReports)
        .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
      if ((open?.n ?? 0) >= HOLD_AFTER_REPORTERS) why = `${open?.n} reporters`
    }
    if (why) {
      const held = await tx
        .update(ads)
        .set({ status: 'held' })
        .where(and(eq(ads.id, adId), eq(ads.status, 'live')))
        .returning({ id: ads.id })
      if (held.length > 0)
        await recordAdEvent(tx, {
          adId,
          kind: 'held',
          actor: 'system',
          from: 'live',
          to: 'held',
          detail: why,
        })
    }
    return { already_reported: false }
  })
}
