import { and, count, desc, eq, inArray } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import type { FavouriteList, FavouriteMerge } from '#domain/api/favourites.ts'
import type { Language } from '#domain/languages.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { favourites } from '#server/db/schema/favourites.ts'
import { ApiError } from '#server/errors.ts'
import { toPublicAd } from '#server/services/ads/ad-views.ts'
import { inReaderLanguage } from '#server/services/ads/demo-ads.ts'
import { toursOf } from '#server/services/ads/tours.ts'
import { mediaIndexFor } from '#server/services/media/ad-media.ts'

// A user's favourites (docs/decisions/046-favourites.md). Every statement is keyed by the user's id,
// so one user can never read or change another's.

/**
 * Every favourite of a user, newest first. The ad is shown as the public sees it while it is listed or
 * merely expired (the public saw it, and its owner may renew it); a held, removed or deleted ad is
 * null, so a favourite never reveals what a moderator took down, but it stays in the list.
 */
export async function listFavourites(
  db: Db,
  userId: string,
  now: Date,
  language: Language = 'en',
): Promise<FavouriteList> {
  const rows = await db
    .select({ adId: favourites.adId, savedAt: favourites.savedAt, ad: ads })
    .from(favourites)
    .leftJoin(ads, eq(ads.id, favourites.adId))
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.savedAt), favourites.adId)
  const shown = rows.flatMap((row) => {
    if (!row.ad) return []
    const status = effectiveStatus(row.ad, now)
    return status === 'live' || status === 'expired' ? [row.ad] : []
  })
  const [media, tours] = await Promise.all([
    mediaIndexFor(db, shown),
    toursOf(
      db,
      shown.map((ad) => ad.id),
      now,
    ),
  ])
  const items = rows.map((row) => {
    const status = row.ad ? effectiveStatus(row.ad, now) : null
    const visible = row.ad !== null && (status === 'live' || status === 'expired')
    return {
      adId: row.adId,
      savedAt: row.savedAt.toISOString(),
      listed: status === 'live',
      ad:
        visible && row.ad
          ? inReaderLanguage(toPublicAd(row.ad, now, media, 'public', tours.get(row.ad.id)), language)
          : null,
    }
  })
  return { items }
}

/** Keeps an ad; keeping it again changes nothing (not even its date). 404 for an ad that never was. */
export async function keepFavourite(db: Db, userId: string, adId: string): Promise<void> {
  const [ad] = await db.select({ id: ads.id }).from(ads).where(eq(ads.id, adId))
  if (!ad) throw new ApiError(404, 'ad.not_found')
  await db.insert(favourites).values({ userId, adId }).onConflictDoNothing()
}

export async function dropFavourite(db: Db, userId: string, adId: string): Promise<void> {
  await db.delete(favourites).where(and(eq(favourites.userId, userId), eq(favourites.adId, adId)))
}

/**
 * Adds a device's favourites to the account, each with the date the device kept it (never later than
 * now). One statement with ON CONFLICT DO NOTHING: a merge sent twice, or from two devices at once,
 * keeps one row per ad with its first date. Ids of ads the server never had are skipped and returned.
 */
export async function mergeFavourites(
  db: Db,
  userId: string,
  merge: FavouriteMerge,
  now: Date,
): Promise<{ skipped: string[] }> {
  const wanted = new Map<string, Date>()
  for (const item of merge.items) {
    const at = item.savedAt ? new Date(item.savedAt) : now
    const savedAt = at.getTime() > now.getTime() ? now : at
    const before = wanted.get(item.adId)
    if (!before || savedAt < before) wanted.set(item.adId, savedAt)
  }
  if (wanted.size === 0) return { skipped: [] }
  const known = await db
    .select({ id: ads.id })
    .from(ads)
    .where(inArray(ads.id, [...wanted.keys()]))
  const knownIds = new Set(known.map((row) => row.id))
  const values = [...wanted]
    .filter(([adId]) => knownIds.has(adId))
    .map(([adId, savedAt]) => ({ userId, adId, savedAt }))
  if (values.length > 0) await db.insert(favourites).values(values).onConflictDoNothing()
  return { skipped: [...wanted.keys()].filter((adId) => !knownIds.has(adId)) }
}

/** How many people keep each of these ads (the owner's /manage count; never who). */
export async function keptByCounts(db: Db, adIds: readonly string[]): Promise<Map<string, number>> {
  if (adIds.length === 0) return new Map()
  const rows = await db
    .select({ adId: favourites.adId, n: count() })
    .from(favourites)
    .where(inArray(favourites.adId, [...adIds]))
    .groupBy(favourites.adId)
  return new Map(rows.map((row) => [row.adId, Number(row.n)]))
}
