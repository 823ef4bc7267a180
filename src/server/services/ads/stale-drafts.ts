import { and, eq, isNull, lt } from 'drizzle-orm'
import { UNPAID_DRAFT_TTL_MS } from '#domain/constants.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { stopSchedulesOf } from '#server/services/bump-schedules/bump-kind.ts'
import type { MediaLibrary } from '#server/services/media/media-library.ts'
import { recordAdEvent } from './ad-events.ts'

/**
 * Ads posted and never paid, untouched for UNPAID_DRAFT_TTL_MS before `now`, go the way their owner
 * deleting them would, and their photos and videos with them: a draft left unpaid keeps no storage
 * for good (docs/decisions/063-media-quota.md). A paid ad is never one (published_at is set then).
 */
export async function removeStaleDrafts(db: Db, library: MediaLibrary, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNPAID_DRAFT_TTL_MS)
  const removed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(ads)
      .set({ status: 'removed' })
      .where(and(eq(ads.status, 'pending_payment'), isNull(ads.publishedAt), lt(ads.updatedAt, cutoff)))
      .returning({ id: ads.id })
    const ids = rows.map((row) => row.id)
    if (ids.length > 0) await stopSchedulesOf(tx, ids)
    for (const id of ids)
      await recordAdEvent(tx, {
        adId: id,
        kind: 'removed',
        actor: 'system',
        from: 'pending_payment',
        to: 'removed',
        detail: 'unpaid draft expired',
      })
    return ids
  })
  for (const id of removed) await library.deleteForAd(id)
  return removed.length
}
