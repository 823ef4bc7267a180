import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm'
import type { HoldCategory } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { recordAdEvent } from '#server/services/ads/ad-events.ts'
import { scheduleAdReminders } from '#server/services/ads/ad-reminders.ts'
import { stopSchedulesOf } from '#server/services/bump-schedules/bump-kind.ts'
import { snapshotAdIds } from './ad-snapshots.ts'
import { recordAudit } from './admin-audit.ts'

// Holding and releasing an ad (docs/decisions/033-reports-that-cost.md). The clock stops while an
// ad is held: the hold stores the listed time it had left, the release gives it back, so a false
// report costs its owner nothing they paid for. Both run inside the caller's transaction, with the
// ad_events row and the audit row, so all of it commits or none.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const at = (now: Date): SQL => sql`${now.toISOString()}::timestamptz`

/** The milliseconds an ad had left at `now` (0 once expired; null for an ad that never had an expiry). */
function remainingAt(now: Date): SQL<number | null> {
  return sql<number | null>`case when ${ads.expiresAt} is null then null
    else greatest(0, floor(extract(epoch from (${ads.expiresAt} - ${at(now)})) * 1000))::bigint end`
}

/** Who holds or releases: 'system' for the report rules, else an admin's username. */
export interface HoldActor {
  /** the ad_events actor: 'system' or 'admin:<username>' */
  event: string
  /** the audit log's who: 'system' or the admin's username */
  audit: string
}

export const SYSTEM: HoldActor = { event: 'system', audit: 'system' }
export const adminActor = (username: string): HoldActor => ({ event: `admin:${username}`, audit: username })

/**
 * Holds the listed ads among `ids` (a row not live, or past its expiry, is left alone) and returns
 * the ids it held. `holdReason` is for holds no report explains (a banned phrase added later).
 */
export async function holdAds(
  // a Db: the payment paths hold a copy inside their own transaction, typed as Db (ad-payments.ts)
  tx: Db,
  ids: readonly string[],
  hold: { category: HoldCategory; why: string; holdReason?: string; actor: HoldActor },
  now: Date = new Date(),
): Promise<string[]> {
  if (ids.length === 0) return []
  const held = await tx
    .update(ads)
    .set({
      status: 'held',
      heldAt: now,
      holdCategory: hold.category,
      heldRemainingMs: remainingAt(now),
      ...(hold.holdReason === undefined ? {} : { holdReason: hold.holdReason }),
    })
    .where(and(inArray(ads.id, [...ids]), eq(ads.status, 'live'), sql`${ads.expiresAt} > ${at(now)}`))
    .returning({ id: ads.id })
  // what the ad showed when it was taken down: the queue shows it, and a copy of it is held too (042)
  await snapshotAdIds(
    tx,
    held.map((row) => row.id),
  )
  // a held ad's scheduled bumps stop, nothing charged (docs/decisions/050-scheduled-bumps.md)
  await stopSchedulesOf(
    tx,
    held.map((row) => row.id),
  )
  for (const { id } of held) {
    await recordAdEvent(tx, {
      adId: id,
      kind: 'held',
      actor: hold.actor.event,
      from: 'live',
      to: 'held',
      detail: hold.why,
    })
    await recordAudit(tx, { admin: hold.actor.audit, action: 'hold', target: `ad:${id}`, reason: hold.why })
  }
  return held.map((row) => row.id)
}

/**
 * Marks the open reports of these ads decided: kept for the record and the reporters' histories, with
 * the content the decision judged (each ad's version now), so that a dismissal clears a reason only
 * for that content (docs/decisions/042-holds-that-hold.md).
 */
export async function resolveReports(
  tx: Tx,
  adIds: readonly string[],
  outcome: 'dismissed' | 'upheld',
  now: Date = new Date(),
): Promise<number> {
  if (adIds.length === 0) return 0
  const judged = await snapshotAdIds(tx, adIds)
  let resolved = 0
  for (const adId of new Set(adIds)) {
    const rows = await tx
      .update(adReports)
      .set({ resolvedAt: now, outcome, judgedHash: judged.get(adId) ?? null })
      .where(and(eq(adReports.adId, adId), isNull(adReports.resolvedAt)))
      .returning({ id: adReports.id })
    resolved += rows.length
  }
  return resolved
}

/**
 * Returns held ads among `ids` to live with the time they had left when held (an ad held before
 * that time was kept keeps its expiry), dismissing their open reports. Returns the ids released.
 */
export async function releaseAds(
  tx: Tx,
  ids: readonly string[],
  actor: HoldActor,
  reason: string,
  now: Date = new Date(),
): Promise<string[]> {
  if (ids.length === 0) return []
  const released = await tx
    .update(ads)
    .set({
      status: 'live',
      expiresAt: sql`case when ${ads.heldRemainingMs} is null then ${ads.expiresAt}
        else ${at(now)} + ${ads.heldRemainingMs} * interval '1 millisecond' end`,
      heldAt: null,
      holdCategory: null,
      heldRemainingMs: null,
      holdReason: null,
    })
    // a held ad that was never published cannot go live (ads_live_has_dates): none is ever held
    .where(and(inArray(ads.id, [...ids]), eq(ads.status, 'held'), sql`${ads.publishedAt} is not null`))
    .returning({ id: ads.id, ownerId: ads.ownerId, expiresAt: ads.expiresAt })
  const releasedIds = released.map((row) => row.id)
  // the clock stopped while held, so the end moved: its reminders follow it
  // (docs/decisions/051-reminders-and-renewal.md)
  for (const row of released) await scheduleAdReminders(tx, row, now)
  await resolveReports(tx, releasedIds, 'dismissed', now)
  for (const id of releasedIds) {
    await recordAdEvent(tx, {
      adId: id,
      kind: 'released',
      actor: actor.event,
      from: 'held',
      to: 'live',
      detail: reason,
    })
    await recordAudit(tx, { admin: actor.audit, action: 'release', target: `ad:${id}`, reason })
  }
  return releasedIds
}
