import { inArray } from 'drizzle-orm'
import type { Hold } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { adAppeals } from '#server/db/schema/reports.ts'

type HoldFacts = Pick<AdRow, 'id' | 'status' | 'heldAt' | 'holdCategory' | 'holdReason' | 'updatedAt'>

/** What the owner and the queue read of a hold: its reason category, since when, and the appeal. */
export function holdView(ad: HoldFacts, appealedAt: Date | null): Hold | null {
  if (ad.status !== 'held') return null
  return {
    // ads held before holds had a category: a hold reason was only ever written for banned phrases
    category: ad.holdCategory ?? (ad.holdReason ? 'banned_phrase' : 'admin'),
    since: (ad.heldAt ?? ad.updatedAt).toISOString(),
    appealedAt: appealedAt?.toISOString() ?? null,
  }
}

/** When the owner appealed the current hold of each of these ads (one query for a page of ads). */
export async function appealsOfCurrentHolds(
  db: Db,
  rows: readonly HoldFacts[],
): Promise<ReadonlyMap<string, Date>> {
  const held = rows.filter((ad) => ad.status === 'held' && ad.heldAt !== null)
  if (held.length === 0) return new Map()
  const appeals = await db
    .select({ adId: adAppeals.adId, heldAt: adAppeals.heldAt, at: adAppeals.at })
    .from(adAppeals)
    .where(
      inArray(
        adAppeals.adId,
        held.map((ad) => ad.id),
      ),
    )
  const current = new Map<string, Date>()
  for (const ad of held) {
    const appeal = appeals.find((a) => a.adId === ad.id && a.heldAt.getTime() === ad.heldAt?.getTime())
    if (appeal) current.set(ad.id, appeal.at)
  }
  return current
}
