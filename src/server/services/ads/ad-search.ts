import { and, asc, count, desc, eq, min, type SQL, sql } from 'drizzle-orm'
import type { AdListQuery } from '#domain/api/ads.ts'
import { clampPage, isAllCities, PAGE_SIZE, pageCount } from '#domain/listing.ts'
import { ALL } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'

// The public listing and search. Every condition here has an index in migration 0002_ads: live rows
// by province/category/rank, folded city, the tsvector (GIN) and price.

/**
 * The visitor's words as a query over both languages' word forms, accents folded the way the
 * stored vector was. websearch_to_tsquery accepts quotes and -word and never fails on any input.
 */
function searchQuery(q: string): SQL {
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

function textMatch(q: string): SQL {
  const words = sql`${ads.search} @@ ${searchQuery(q)}`
  const plain = q.trim().replace(/\s+/g, ' ')
  if (!PARTIAL_WORDS.test(plain)) return words
  return sql`(${words} or ${ads.titleFolded} like '%' || ads_fold(${plain}) || '%')`
}

/** Live means paid, not removed or held, and not past expiry: a time condition, not a job. */
export const isListed = sql`${ads.status} = 'live' and ${ads.expiresAt} > now()`

export function listingConditions(query: AdListQuery): SQL {
  const conditions: SQL[] = [isListed]
  if (query.province && query.province !== ALL) conditions.push(eq(ads.province, query.province))
  if (query.category) conditions.push(eq(ads.category, query.category))
  if (!isAllCities(query.city)) conditions.push(sql`ads_fold(${ads.city}) = ads_fold(${query.city})`)
  if (query.escortType) conditions.push(eq(ads.escortType, query.escortType))
  if (query.verified) conditions.push(eq(ads.verified, true))
  if (query.q) conditions.push(textMatch(query.q))
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
  /** The earliest expiry among all matching ads: the answer changes then, with no write to say so. */
  nextExpiry: Date | null
}

/**
 * One page of live ads; a page past the end reads as the last page, like the offline listing. The
 * count and the page are two queries sent together: a window count in the page query would make a
 * broad listing read every match instead of stopping at the page along the rank index.
 */
export async function listPublicAds(db: Db, query: AdListQuery): Promise<ListingResult> {
  const where = listingConditions(query)
  const pageOf = (page: number) =>
    db
      .select()
      .from(ads)
      .where(where)
      .orderBy(...ordering(query))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE)
  const [counted, found] = await Promise.all([
    db
      .select({ total: count(), nextExpiry: min(ads.expiresAt) })
      .from(ads)
      .where(where),
    pageOf(query.page),
  ])
  const total = counted[0]?.total ?? 0
  const pages = pageCount(total, PAGE_SIZE)
  const page = clampPage(query.page, pages)
  const rows = page === query.page ? found : await pageOf(page)
  return { rows, total, page, pages, nextExpiry: counted[0]?.nextExpiry ?? null }
}
