import { and, eq } from 'drizzle-orm'
import { isAdId } from '#domain/api/ads-paths.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adAppeals } from '#server/db/schema/reports.ts'
import { ApiError } from '#server/errors.ts'
import { recordAudit } from './admin-audit.ts'

/**
 * The owner of a held ad asks for a review, once per hold, with a note the admin reads in the queue
 * (docs/decisions/033-reports-that-cost.md). The unique (ad, hold start) key makes a second request,
 * or two racing ones, answer 409; a later hold of the same ad can be appealed again.
 */
export async function appealHold(db: Db, ownerId: string, adId: string, note: string): Promise<Date> {
  if (!isAdId(adId)) throw new ApiError(404, 'ad.not_found')
  return db.transaction(async (tx) => {
    const [ad] = await tx
      .select()
      .from(ads)
      .where(and(eq(ads.id, adId), eq(ads.ownerId, ownerId)))
      .for('update')
    if (!ad) throw new ApiError(404, 'ad.not_found')
    if (ad.status !== 'held') throw new ApiError(409, 'report.not_held')
    let heldAt = ad.heldAt
    if (heldAt === null) {
      // held before holds recorded their start: this request dates it
      heldAt = new Date()
      await tx.update(ads).set({ heldAt }).where(eq(ads.id, ad.id))
    }
    const [appeal] = await tx
      .insert(adAppeals)
      .values({ adId: ad.id, heldAt, note })
      .onConflictDoNothing({ target: [adAppeals.adId, adAppeals.heldAt] })
      .returning({ at: adAppeals.at })
    if (!appeal) throw new ApiError(409, 'report.already_appealed')
    await recordAudit(tx, { admin: `user:${ownerId}`, action: 'appeal', target: `ad:${ad.id}`, reason: note })
    return appeal.at
  })
}
