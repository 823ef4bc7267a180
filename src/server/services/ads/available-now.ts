import { and, count, eq, gt } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import { AVAILABLE_SWITCH_WINDOW_MS, AVAILABLE_SWITCHES_PER_DAY } from '#domain/available-now.ts'
import type { Db } from '#server/db/client.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { adEvents, ads } from '#server/db/schema/ads.ts'
import { ApiError } from '#server/errors.ts'
import { recordAdEvent } from './ad-events.ts'

// "Available now" (docs/decisions/048-advertisers.md). Only `available_until` is stored: the ad is
// available while that moment is after the app's clock, so it ends by itself with no job, and
// every reader (the listing's filter, the answers' field) compares it with `app.clock`.

type OwnAd = (db: Db) => Promise<AdRow>

/**
 * Switches "Available now" on for `hours` from `now` (again: from now, replacing the old end). Counts
 * as one of the ad's switches a day; the count and the write are one transaction on the ad's row,
 * locked, so two taps at once cannot both pass the limit on PostgreSQL.
 */
export async function switchAvailableOn(
  db: Db,
  ownAd: OwnAd,
  actor: string,
  hours: number,
  now: Date,
): Promise<AdRow> {
  return db.transaction(async (tx) => {
    const owned = await ownAd(tx)
    const [row] = await tx.select().from(ads).where(eq(ads.id, owned.id)).for('update')
    if (!row) throw new ApiError(404, 'ad.not_found')
    if (effectiveStatus(row, now) !== 'live') throw new ApiError(409, 'ad.available_not_live')
    const since = new Date(now.getTime() - AVAILABLE_SWITCH_WINDOW_MS)
    const [switched] = await tx
      .select({ n: count() })
      .from(adEvents)
      .where(and(eq(adEvents.adId, row.id), eq(adEvents.kind, 'available'), gt(adEvents.at, since)))
    if ((switched?.n ?? 0) >= AVAILABLE_SWITCHES_PER_DAY)
      throw new ApiError(429, 'ad.available_limit', { max: AVAILABLE_SWITCHES_PER_DAY })
    const until = new Date(now.getTime() + hours * 60 * 60_000)
    const [updated] = await tx
      .update(ads)
      .set({ availableUntil: until })
      .where(eq(ads.id, row.id))
      .returning()
    if (!updated) throw new ApiError(404, 'ad.not_found')
    await recordAdEvent(tx, { adId: row.id, kind: 'available', actor, detail: `${hours} h`, at: now })
    return updated
  })
}

/** Switches it off; an ad that was not available answers as it is, and nothing is counted. */
export async function switchAvailableOff(db: Db, ownAd: OwnAd, actor: string, now: Date): Promise<AdRow> {
  return db.transaction(async (tx) => {
    const row = await ownAd(tx)
    if (row.availableUntil === null || row.availableUntil <= now) return row
    const [updated] = await tx.update(ads).set({ availableUntil: null }).where(eq(ads.id, row.id)).returning()
    if (!updated) throw new ApiError(404, 'ad.not_found')
    await recordAdEvent(tx, { adId: row.id, kind: 'unavailable', actor, at: now })
    return updated
  })
}
