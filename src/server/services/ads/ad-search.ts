import { and, asc, count, desc, eq, gt, inArray, min, type SQL, sql } from 'drizzle-orm'
import type { AdListQuery } from '#domain/api/ads.ts'
import { clampPage, isAllCities, PAGE_SIZE, pageCount } from '#domain/listing.ts'
import { ALL } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { nextTourChange, visitingNow } from './tours.ts'

// The public listing and search. Every condition here has an index in migration 0002_ads: live rows
// by province/category/rank, folded city, the tsvector (GIN) and price.

/**
 * The visitor's words as a query over both languages' word forms, accents folded the way the
 * stored vector was. websearch_to_tsquery accepts quotes and -word and never fails on any input.
 */
export function searchQuery(q: string): SQL {
  const text = tameNegations(q)
  return sql`(websearch_to_tsquery('english', ads_fold(${text})) || websearch_to_tsquery('french', ads_fold(${text})))`
}

// websearch_to_tsquery reads every `-` before a word as NOT, skipping the punctuation between, and
// PostgreSQL refuses more than 32 nested NOTs ("tsquery stack too small", a 500): 33 dashes or
// `-(-(-(…` failed on PGlite and PostgreSQL alike. Nobody excludes more than a few words.
const MAX_NEGATIONS = 8

/** Keeps a `-` only where it excludes a word or phrase, once per run and at most MAX_NEGATIONS times. */
export function tameNegations(q: string): string {
  let negations = 0
  return q.replace(/-+/g, (run: string, offset: number) => {
    const next = q.charAt(offset + run.length)
    if (!/[\p{L}\p{N}"]/u.test(next)) return ' '
    negations++
    return negations <= MAX_NEGATIONS ? '-' : ' '
  })
}

// Typing part of a word ("linger", "dentel") still finds the title, as the offline listing's
// substring match did: plain words of 3+ characters also match inside folded titles, which the
// trigram index (pg_trgm) serves. Quotes and -word keep their web-search meaning only.
const PARTIAL_WORDS = /^[\p{L}\p{N} ]{3,}$/u

/** The words a search also finds inside titles (see PARTIAL_WORDS), or null when it has none. */
export function partialWords(q: string): string | null {
  const plain = q.trim().replace(/\s+/g, ' ')
  return PARTIAL_WORDS.test(plain) ? plain : null
}

function textMatch(q: string): SQL {
  const words = sql`${ads.search} @@ ${searchQuery(q)}`
  const plain = partialWords(q)
  if (plain === null) return words
  return sql`(${words} or ${ads.titleFolded} like '%' || ads_fold(${plain}) || '%')`
}

/** Live means paid, not removed or held, and not past expiry: a time condition, not a job. */
export const isListed = sql`${ads.status} = 'live' and ${ads.expiresAt} > now()`

/** `now` is the app's clock: "Available now" ends when it passes the ad's moment (048). */
export function listingConditions(query: AdListQuery, now: Date): SQL {
  const conditions: SQL[] = [isListed]
  const province = query.province && query.province !== ALL ? query.province : null
  const city = isAllCities(query.city) ? null : (query.city ?? null)
  // an ad is listed at its own place and, during a visit, at the visited one too (060)
  const place: SQL[] = []
  if (province) place.push(eq(ads.province, province))
  if (city !== null) place.push(sql`ads_fold(${ads.city}) = ads_fold(${city})`)
  if (place.length > 0)
    conditions.push(sql`(${and(...place)} or ${ads.id} in ${visitingNow(now, province, city)})`)
  if (query.category) conditions.push(eq(ads.category, query.category))
  if (query.escortType) conditions.push(eq(ads.escortType, query.escortType))
  if (query.verified) conditions.push(eq(ads.verified, true))
  if (query.q) conditions.push(textMatch(query.q))
  if (query.available) conditions.push(gt(ads.availableUntil, now))
  return and(...conditions) ?? isListed
}

function ordering(query: AdListQuery): SQL[] {
  const newest = [sql`${ads.rankedAt} desc nulls last`, desc(ads.id)]
  switch (query.sort) {
    case 'price-asc':
      return [asc(ads.priceCents), ...newest]
    case 'price-desc':
      return [desc(ads.priceCents), ...newest]
    default:
      // 'new' is the default sort; a keyword search ranks title matches (weight A) above the rest first
      return query.q && query.sort === undefined
        ? [sql`ts_rank(${ads.search}, ${searchQuery(query.q)}) desc`, ...newest]
        : newest
  }
}

export interface ListingResult {
  rows: AdRow[]
  total: number
  page: number
  pages: number
  /**
   * The earliest moment the answer changes with no write to say so: an ad's expiry, or the end of
   * an ad's "Available now" (its field turns null, and it leaves the available filter), or any
   * visit's start or end (ads join and leave places' listings; their `tours` change).
   */
  nextExpiry: Date | null
}

/** At most this many of one advertiser's ads on a page (docs/decisions/048-advertisers.md). */
export const FAIR_SHARE = 3

interface Ranked {
  id: string
  ownerId: string | null
}

/**
 * Fair visibility (048): the pages as the listing's order fills them, each taking the next ads in
 * that order but at most FAIR_SHARE of one owner's; an owner's further ads wait, still in order,
 * for the next page that has room. Only at the listing's end, when no other advertiser's ad is
 * left to take a place, do the waiting ones fill the page. Demo ads belong to nobody and are never
 * held back. Every page
 * comes from the same walk, so page 2 continues page 1 with nothing lost or repeated, and a bump
 * still puts its ad first (no page has an owner at its share before its first ad).
 *
 * The walk needs the order only as far as it reads to fill page `page`: usually about
 * `page × PAGE_SIZE` ids, more when one owner has many ads near the top. `ranked(limit)` reads that
 * prefix (ids and owners only, along the rank index); when the prefix ran out before the page was
 * full and there may be more, it reads twice as far and walks again. A page past the end is empty.
 */
export async function fairPage(
  ranked: (limit: number) => Promise<Ranked[]>,
  page: number,
): Promise<string[]> {
  let limit = page * PAGE_SIZE * 2 + 2 * PAGE_SIZE
  for (;;) {
    const prefix = await ranked(limit)
    const complete = prefix.length < limit
    const walked = walkPages(prefix, page, complete)
    // a full page read from a prefix is the page the whole order gives: what follows comes later
    if (walked.length === PAGE_SIZE || complete) return walked
    limit *= 2
  }
}

/**
 * Page `page` of the fair walk over `order` (the ids on it), as described on fairPage. `complete`:
 * `order` is the whole listing, not a prefix of it, so its end is the listing's end.
 */
export function walkPages(order: readonly Ranked[], page: number, complete = true): string[] {
  let waiting: Ranked[] = []
  let next = 0
  let placed: string[] = []
  for (let p = 1; p <= page; p++) {
    placed = []
    const shown = new Map<string, number>()
    const stillWaiting: Ranked[] = []
    const take = (ad: Ranked): boolean => {
      if (placed.length >= PAGE_SIZE) return false
      if (ad.ownerId !== null) {
        const n = shown.get(ad.ownerId) ?? 0
        if (n >= FAIR_SHARE) return false
        shown.set(ad.ownerId, n + 1)
      }
      placed.push(ad.id)
      return true
    }
    // the waiting ads come before every ad not yet read, so the order holds
    for (const ad of waiting) if (!take(ad)) stillWaiting.push(ad)
    while (placed.length < PAGE_SIZE && next < order.length) {
      const ad = order[next++] as Ranked
      if (!take(ad)) stillWaiting.push(ad)
    }
    // nobody else's ads are left: the waiting ones fill the page rather than leave it short, so the
    // pages stay as many as the count says and no ad falls off the end
    if (complete && placed.length < PAGE_SIZE)
      placed.push(...stillWaiting.splice(0, PAGE_SIZE - placed.length).map((ad) => ad.id))
    waiting = stillWaiting
  }
  return placed
}

/**
 * One page of live ads; a page past the end reads as the last page, like the offline listing. The
 * count and the page are two queries sent together: a window count in the page query would make a
 * broad listing read every match instead of stopping at the page along the rank index.
 */
export async function listPublicAds(db: Db, query: AdListQuery, now: Date): Promise<ListingResult> {
  const where = listingConditions(query, now)
  const ranked = (limit: number) =>
    db
      .select({ id: ads.id, ownerId: ads.ownerId })
      .from(ads)
      .where(where)
      .orderBy(...ordering(query))
      .limit(limit)
  const [counted, found, tourChange] = await Promise.all([
    db
      .select({
        total: count(),
        nextExpiry: min(ads.expiresAt),
        nextUnavailable: sql<
          Date | string | null
        >`min(${ads.availableUntil}) filter (where ${ads.availableUntil} > ${now})`,
      })
      .from(ads)
      .where(where),
    fairPage(ranked, query.page),
    // a visit starting or ending moves ads in and out of places' listings with no write (060)
    nextTourChange(db, now),
  ])
  const total = counted[0]?.total ?? 0
  const pages = pageCount(total, PAGE_SIZE)
  const page = clampPage(query.page, pages)
  const ids = page === query.page ? found : await fairPage(ranked, page)
  const byId = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select()
            .from(ads)
            .where(and(where, inArray(ads.id, ids)))
        ).map((row) => [row.id, row]),
  )
  const rows = ids.flatMap((id) => byId.get(id) ?? [])
  const ends = [counted[0]?.nextExpiry, counted[0]?.nextUnavailable, tourChange]
    .filter((at) => at != null)
    .map((at) => new Date(at as Date | string))
  const nextExpiry = ends.length === 0 ? null : new Date(Math.min(...ends.map((at) => at.getTime())))
  return { rows, total, page, pages, nextExpiry }
}
