import { and, count, eq, gt, or, type SQL, sql } from 'drizzle-orm'
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
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { snapshotAd } from './ad-snapshots.ts'
import { type AdminAlerts, alertAwaitingConfirmation } from './admin-alerts.ts'
import { holdVerdict, type OpenReport, reportVoice, type Verdict } from './hold-rules.ts'
import { holdAds, SYSTEM, type Tx } from './holds.ts'
import { reporterFacts } from './reporter-history.ts'

const DAY_MS = 86_400_000

/**
 * Who is reporting: their reporter key (reporter-history.ts), their account if signed in, and the
 * keyed hashes of their address and, signed in, their e-mail (reporter-keys.ts).
 */
export interface Reporter {
  key: string
  userId: string | null
  address: string
  emailHash: string | null
}

/**
 * Serialises the reports of one reporter and of one address for the rest of the transaction, so two
 * racing reports cannot both pass a daily cap. On PGlite every transaction runs alone anyway.
 */
async function lockKeys(tx: Tx, keys: readonly string[]): Promise<void> {
  for (const key of keys) await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)
}

async function reportsSince(tx: Tx, where: SQL | undefined, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(adReports)
    .where(and(where, gt(adReports.at, since)))
  return row?.n ?? 0
}

/** This reporter's rows: their key's, and every row under their e-mail (an account deleted and made again). */
function sameReporter(reporter: Reporter): SQL | undefined {
  return reporter.emailHash === null
    ? eq(adReports.reporter, reporter.key)
    : or(eq(adReports.reporter, reporter.key), eq(adReports.emailHash, reporter.emailHash))
}

/** Refuses (429) a report past the account's or the address's daily cap. */
async function checkDailyCaps(tx: Tx, reporter: Reporter, now: Date): Promise<void> {
  const since = new Date(now.getTime() - DAY_MS)
  if (
    reporter.userId !== null &&
    (await reportsSince(tx, sameReporter(reporter), since)) >= REPORTS_PER_ACCOUNT_PER_DAY
  )
    throw new ApiError(429, 'report.account_cap', { max: REPORTS_PER_ACCOUNT_PER_DAY })
  if ((await reportsSince(tx, eq(adReports.address, reporter.address), since)) >= REPORTS_PER_ADDRESS_PER_DAY)
    throw new ApiError(429, 'report.address_cap', { max: REPORTS_PER_ADDRESS_PER_DAY })
}

/**
 * Holds the ad if its open reports now say so (hold-rules.ts); when they only await an admin's
 * confirmation, and did not before this report, the admins are mailed (admin-alerts.ts).
 */
async function holdIfDue(
  tx: Tx,
  ad: AdRow,
  reportId: number,
  currentHash: string,
  alerts: AdminAlerts | undefined,
  now: Date,
): Promise<void> {
  const reports = await tx
    .select({
      id: adReports.id,
      reporter: adReports.reporter,
      emailHash: adReports.emailHash,
      address: adReports.address,
      reason: adReports.reason,
      outcome: adReports.outcome,
      resolvedAt: adReports.resolvedAt,
      judgedHash: adReports.judgedHash,
    })
    .from(adReports)
    .where(eq(adReports.adId, ad.id))
  // a reason an admin cleared on the content the ad shows now only queues it when reported again;
  // changed content can be held again (docs/decisions/042-holds-that-hold.md)
  const cleared = new Set<ReportReason>(
    reports.filter((r) => r.outcome === 'dismissed' && r.judgedHash === currentHash).map((r) => r.reason),
  )
  const openRows = reports.filter((r) => r.resolvedAt === null)
  const facts = await reporterFacts(tx, openRows)
  const open = (rows: typeof openRows): OpenReport[] => rows.map((r) => ({ ...r, voice: reportVoice(r) }))
  const verdict = holdVerdict(open(openRows), facts, cleared, now)
  if (verdict.hold) {
    await holdAds(tx, [ad.id], { category: verdict.category, why: verdict.why, actor: SYSTEM }, now)
    return
  }
  if (!verdict.awaitingConfirmation || !alerts) return
  const before: Verdict = holdVerdict(open(openRows.filter((r) => r.id !== reportId)), facts, cleared, now)
  if (before.hold || before.awaitingConfirmation) return
  const reason = openRows.find((r) => r.id === reportId)?.reason ?? 'other'
  await alertAwaitingConfirmation(tx, alerts, { id: ad.id, reason })
}

/**
 * Records one visitor's report of a live ad, within the daily caps, and holds the ad when the rules
 * say so (docs/decisions/033-reports-that-cost.md, 042-holds-that-hold.md). The report, the version of
 * the ad it saw, the hold, its ad_events row and its audit row commit together; the ad row is locked
 * first, so racing reports hold it once.
 */
export async function reportAd(
  db: Db,
  adId: string,
  reporter: Reporter,
  report: ReportRequest,
  alerts?: AdminAlerts,
): Promise<ReportResponse> {
  if (!isAdId(adId)) throw new ApiError(404, 'ad.not_found')
  return db.transaction(async (tx) => {
    const now = new Date()
    const voice = reportVoice({ reporter: reporter.key, emailHash: reporter.emailHash })
    await lockKeys(tx, [voice, `address:${reporter.address}`])
    const [ad] = await tx.select().from(ads).where(eq(ads.id, adId)).for('update')
    if (!ad || effectiveStatus(ad, now) !== 'live') throw new ApiError(404, 'ad.not_found')
    const [already] = await tx
      .select({ id: adReports.id })
      .from(adReports)
      .where(and(eq(adReports.adId, adId), sameReporter(reporter)))
    if (already) return { already_reported: true }
    await checkDailyCaps(tx, reporter, now)
    const contentHash = await snapshotAd(tx, ad)
    const [inserted] = await tx
      .insert(adReports)
      .values({
        adId,
        reporter: reporter.key,
        address: reporter.address,
        emailHash: reporter.emailHash,
        reason: report.reason,
        details: report.details,
        contentHash,
        at: now,
      })
      // either unique key: (ad, reporter) or (ad, e-mail hash)
      .onConflictDoNothing()
      .returning({ id: adReports.id })
    if (!inserted) return { already_reported: true }
    await holdIfDue(tx, ad, inserted.id, contentHash, alerts, now)
    return { already_reported: false }
  })
}
