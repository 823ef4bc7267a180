import { and, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { adReports } from '#server/db/schema/reports.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { heldForLaw, placeLegalHold } from './legal-holds.ts'

/** The reason a hold placed by confirming an underage report carries. */
export const UNDERAGE_HOLD_REASON = 'Underage report confirmed'

/**
 * Confirming an underage report (an admin's hold or removal of the ad) seals it by itself: no second
 * admin action keeps the evidence (docs/decisions/057-legal-holds.md). Runs after the decision
 * commits and before a removal deletes the ad's files. An ad already under a hold is left as it is.
 */
export async function sealIfUnderage(
  db: Db,
  store: MediaStore,
  admin: string,
  adId: string,
): Promise<boolean> {
  const [underage] = await db
    .select({ id: adReports.id })
    .from(adReports)
    .where(
      and(
        eq(adReports.adId, adId),
        eq(adReports.reason, 'underage'),
        or(isNull(adReports.outcome), eq(adReports.outcome, 'upheld')),
      ),
    )
    .limit(1)
  if (!underage || (await heldForLaw(db, adId))) return false
  await placeLegalHold(db, store, { adId, reason: UNDERAGE_HOLD_REASON, by: admin })
  return true
}
