import { and, asc, desc, eq, gt, inArray, lte, min, type SQL, sql } from 'drizzle-orm'
import type { ToursRequest, TourView } from '#domain/api/ads.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import { type TourRefusal, tourRefusal, tourSpan } from '#domain/tours.ts'
import type { Db } from '#server/db/client.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { cities } from '#server/db/schema/cities.ts'
import { adTours } from '#server/db/schema/tours.ts'
import { ApiError } from '#server/errors.ts'
import { normalizeForSearch } from '#server/services/cities/normalize-city-name.ts'
import { recordAdEvent } from './ad-events.ts'

// Touring (docs/decisions/060-touring.md). Only the visits are stored; whether one is under way is
// `starts_at <= now < ends_at` with the app's clock, so a visit begins and ends with no job, and
// every reader (the listing, the sitemap, the answers' `tours`) compares with `app.clock`.

type OwnAd = (db: Db) => Promise<AdRow>

function refuse(refusal: TourRefusal): never {
  switch (refusal.code) {
    case 'ad.tour_too_far':
    case 'ad.tour_too_long':
      throw new ApiError(422, refusal.code, refusal.params)
    default:
      throw new ApiError(422, refusal.code)
  }
}

/** The place's name as the cities table spells it, the most populous of that name in the province. */
async function knownCity(db: Db, province: ProvinceCode, city: string): Promise<string | null> {
  const search = normalizeForSearch(city)
  if (search === '') return null
  const [found] = await db
    .select({ name: cities.name })
    .from(cities)
    .where(and(eq(cities.province, province), eq(cities.search, search)))
    .orderBy(desc(cities.population))
    .limit(1)
  return found?.name ?? null
}

/**
 * Replaces the ad's visits with `tours` (the owner's, checked by ownAd in the same transaction). Each
 * is checked against the rules at `now` (422 with the rule's code) and its city against the known
 * places of its province (422 ad.tour_city_unknown). The event voids cached listings and pages.
 */
export async function replaceTours(
  db: Db,
  ownAd: OwnAd,
  actor: string,
  tours: ToursRequest,
  now: Date,
): Promise<AdRow> {
  const rows: (typeof adTours.$inferInsert)[] = []
  for (const tour of tours) {
    const refusal = tourRefusal(tour, now)
    if (refusal) refuse(refusal)
  }
  return db.transaction(async (tx) => {
    const row = await ownAd(tx)
    for (const [position, tour] of tours.entries()) {
      const city = await knownCity(tx, tour.province, tour.city)
      if (city === null) throw new ApiError(422, 'ad.tour_city_unknown', { city: tour.city })
      const { startsAt, endsAt } = tourSpan(tour)
      rows.push({
        adId: row.id,
        position,
        province: tour.province,
        city,
        fromDate: tour.from,
        toDate: tour.to,
        startsAt,
        endsAt,
      })
    }
    await tx.delete(adTours).where(eq(adTours.adId, row.id))
    if (rows.length > 0) await tx.insert(adTours).values(rows)
    await recordAdEvent(tx, {
      adId: row.id,
      kind: 'toured',
      actor,
      detail: rows.map((tour) => `${tour.city} ${tour.province} ${tour.fromDate}..${tour.toDate}`).join('; '),
      at: now,
    })
    return row
  })
}

/** The current and upcoming visits of each ad, soonest first; an ad without any is left out. */
export async function toursOf(db: Db, adIds: readonly string[], now: Date): Promise<Map<string, TourView[]>> {
  const byAd = new Map<string, TourView[]>()
  if (adIds.length === 0) return byAd
  const rows = await db
    .select()
    .from(adTours)
    .where(and(inArray(adTours.adId, [...adIds]), gt(adTours.endsAt, now)))
    .orderBy(asc(adTours.startsAt), asc(adTours.position))
  for (const row of rows) {
    const list = byAd.get(row.adId) ?? []
    list.push({
      province: row.province as ProvinceCode,
      city: row.city,
      from: row.fromDate,
      to: row.toDate,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    })
    byAd.set(row.adId, list)
  }
  return byAd
}

/**
 * The ids of the ads visiting the place now (province and, when given, city folded as the ads' city
 * is): a subquery the listing ORs with the ad's own place. Uncorrelated, so PostgreSQL runs it
 * once per query as a hashed set rather than once per ad.
 */
export function visitingNow(now: Date, province: ProvinceCode | null, city: string | null): SQL {
  const where = [lte(adTours.startsAt, now), gt(adTours.endsAt, now)]
  if (province) where.push(eq(adTours.province, province))
  if (city !== null) where.push(sql`ads_fold(${adTours.city}) = ads_fold(${city})`)
  return sql`(select ${adTours.adId} from ${adTours} where ${and(...where)})`
}

/** The next moment any visit starts or ends after `now`: when listings by place next change. */
export async function nextTourChange(db: Db, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({
      at: min(
        sql<Date>`case when ${adTours.startsAt} > ${now} then ${adTours.startsAt} else ${adTours.endsAt} end`,
      ),
    })
    .from(adTours)
    .where(gt(adTours.endsAt, now))
  const at = row?.at
  return at == null ? null : new Date(at as Date | string)
}
