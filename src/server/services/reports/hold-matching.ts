import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { recordAdEvent } from '#server/services/ads/ad-events.ts'
import { isListed } from '#server/services/ads/ad-search.ts'
import { createMatcher } from '#server/services/moderation/matcher.ts'

/**
 * Holds the listed ads a newly banned phrase matches (title, description, contact handle, as when
 * posting), never deleting or rewriting them: an admin decides in the review queue. One pass over
 * the live rows with a matcher of just this phrase; fine for the tens of thousands of live ads we
 * expect, and only run when an admin adds a phrase.
 */
export async function holdAdsMatching(db: Db, phrase: string, admin: string): Promise<number> {
  const matcher = createMatcher([phrase])
  const live = await db
    .select({
      id: ads.id,
      title: ads.title,
      description: ads.description,
      handle: ads.contactHandle,
    })
    .from(ads)
    .where(isListed)
  const matching = live
    .filter((ad) => [ad.title, ad.description, ad.handle].some((text) => matcher.match(text).length > 0))
    .map((ad) => ad.id)
  if (matching.length === 0) return 0
  const why = `banned phrase added: ${phrase}`
  return db.transaction(async (tx) => {
    const held = await tx
      .update(ads)
      .set({ status: 'held', holdReason: why })
      .where(and(inArray(ads.id, matching), eq(ads.status, 'live')))
      .returning({ id: ads.id })
    for (const { id } of held) {
      await recordAdEvent(tx, {
        adId: id,
        kind: 'held',
        actor: `admin:${admin}`,
        from: 'live',
        to: 'held',
        detail: why,
      })
    }
    return held.length
  })
}
