import { and, count, eq, gt, type SQL, sql } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import {
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
  type ReportReason,
  type ReportRequest,
  type ReportResponse,
} from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { holdVerdict } from './hold-rules.ts'
import { holdAds, SYSTEM, type Tx } from './holds.ts'
import { reporterFacts } from './reporter-history.ts'

const DAY_MS = 86_400_000

/** Who is reporting: their reporter key (reporter-history.ts), their account if signed in, their address's hash. */
export interface Reporter {
  key: string
  userId: string | null
  address: string
}

/**
 * Serialises the reports of one reporter and of one address for the rest of the transaction, so two
 * racing reports cannot both pass a daily cap. On PGlite every transaction runs alone anyway.
 */
async function lockKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

async function reportsSince(tx: Tx, where: SQL, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(adReports)
    .where(and(where, gt(adReports.at, since)))
  return row?.n ?? 0
}

/** Refuses (429) a report past the account's or the address's daily cap. */
async function checkDailyCaps(tx: Tx, reporter: Reporter, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS)
  if (
    reporter.userId !== null &&
    (await reportsSince(tx, eq(adReports.reporter, reporter.key), since)) >= REPORTS_PER_ACCOUNT_PER_DAY
  )
    throw new ApiError(429, 'report.account_cap', { max: REPORTS_PER_ACCOUNT_PER_DAY })
  if ((await reportsSince(tx, eq(adReports.address, reporter.address), since)) >= REPORTS_PER_ADDRESS_PER_DAY)
    throw new ApiError(429, 'report.address_cap', { max: REPORTS_PER_ADDRESS_PER_DAY })
}

/** Holds the ad if its open reports now say so (hold-rules.ts). */
async function holdIfDue(tx: Tx, adId: string, now: Date): Promise<void> {
  const reports = await tx
    .select({
      reporter: adReports.reporter,
      address: adReports.address,
      reason: adReports.reason,
      outcome: adReports.outcome,
      resolvedAt: adReports.resolvedAt,
    })
    .from(adReports)
    .where(eq(adReports.adId, adId))
  // a reason an admin already cleared on this ad only queues the ad when reported again
  const cleared = new Set<ReportReason>(reports.filter((r) => r.outcome === 'dismissed').map((r) => r.reason))
  const open = reports.filter((r) => r.resolvedAt === null)
  const facts = await reporterFacts(
    tx,
    open.map((r) => r.reporter),
  )
  const verdict = holdVerdict(open, facts, cleared, now)
  if (verdict.hold)
    await holdAds(tx, [adId], { category: verdict.category, why: verdict.why, actor: SYSTEM }, now)
}

/**
 * Records one visitor's report of a live ad, within the daily caps, and holds the ad when the rules
 * say so (docs/decisions/033-reports-that-cost.md). The report, the hold, its ad_events row and its
 * audit row commit together; the ad row is locked first, so racing reports hold it once.
 */
export async function reportAd(
  db: Db,
  adId: string,
  reporter: Reporter,
  report: ReportRequest,
): Promise<ReportResponse> {
  if (!isAdId(adId)) throw new ApiError(404, 'ad.not_found')
  return db.transaction(async (tx) => {
    const now = new Date()
    await lockKeys(tx, [reporter.key, `address:${reporter.address}`])
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for('update')
    if (!ad || effectiveStatus(ad, now) !== 'live') throw new ApiError(404, 'ad.not_found')
    const [already] = await tx
      .select({ id: adReports.id })
      .from(adReports)
      .where(and(eq(adReports.adId, adId), eq(adReports.reporter, reporter.key)))
    if (already) return { already_reported: true }
    await checkDailyCaps(tx, reporter, now)
    const inserted = await tx
      .insert(adReports)
      .values({
        adId,
        reporter: reporter.key,
        address: reporter.address,
        reason: report.reason,
        details: report.details,
        at: now,
      })
      .onConflictDoNothing({ target: [adReports.adId, adReports.reporter] })
      .returning({ id: adReports.id })
    if (inserted.length === 0) return { already_reported: true }
    await holdIfDue(tx, adId, now)
    return { already_reported: false }
  })
}
