import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { isListed } from '#server/services/ads/ad-search.ts'
import { createMatcher } from '#server/services/moderation/matcher.ts'
import { adminActor, holdAds } from './holds.ts'

/**
 * Holds the listed ads a newly banned phrase matches (every text a visitor reads, as when posting:
 * title, description, city, phone, e-mail, website and handle), never deleting or rewriting them: an admin decides in the review queue. One pass over
 * the live rows with a matcher of just this phrase; fine for the tens of thousands of live ads we
 * expect, and only run when an admin adds a phrase. Each hold keeps the time the ad had left and is
 * in the audit log under the admin who added the phrase (docs/decisions/033-reports-that-cost.md).
 */
export async function holdAdsMatching(db: Db, phrase: string, admin: string): Promise<number> {
  const matcher = createMatcher([phrase])
  const live = await db
    .select({
      id: ads.id,
      title: ads.title,
      description: ads.description,
      city: ads.city,
      phone: ads.contactPhone,
      email: ads.contactEmail,
      website: ads.contactWebsite,
      handle: ads.contactHandle,
    })
    .from(ads)
    .where(isListed)
  const matching = live
    .filter((ad) =>
      [ad.title, ad.description, ad.city, ad.phone, ad.email, ad.website, ad.handle].some(
        (text) => matcher.match(text).length > 0,
      ),
    )
    .map((ad) => ad.id)
  if (matching.length === 0) return 0
  const why = `banned phrase added: ${phrase}`
  const held = await db.transaction((tx) =>
    holdAds(tx, matching, { category: 'banned_phrase', why, holdReason: why, actor: adminActor(admin) }),
  )
  return held.length
}
