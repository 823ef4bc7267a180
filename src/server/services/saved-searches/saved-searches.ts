import { and, asc, count, eq, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { AdListQuery } from '#domain/api/ads.ts'
import type {
  SavedSearch,
  SavedSearchCreateSchema,
  SavedSearchList,
  SavedSearchPatch,
} from '#domain/api/saved-searches.ts'
import { MAX_SAVED_SEARCHES } from '#domain/api/saved-searches-paths.ts'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import { foldAccents } from '#domain/fold-accents.ts'
import { isAllCities } from '#domain/listing.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { type SavedSearchRow, savedSearches } from '#server/db/schema/saved-searches.ts'
import { users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { listingConditions, partialWords, searchQuery } from '#server/services/ads/ad-search.ts'

// A user's saved searches (docs/decisions/052-saved-searches.md). Every statement is keyed by the
// user's id, so one user can never read, change or delete another's.

type SavedSearchCreate = z.output<typeof SavedSearchCreateSchema>

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The search as the listing reads it: no city for every city, a companion type only among companions. */
function normalize(input: SavedSearchCreate) {
  const q = input.q?.replace(/\s+/g, ' ').trim() ?? ''
  return {
    province: input.province,
    category: input.category,
    city: isAllCities(input.city) ? null : (input.city?.trim() ?? null),
    q: q === '' ? null : q,
    escortType: input.category === SERVICES_CATEGORY ? (input.escortType ?? null) : null,
    verified: input.verified === true,
  }
}

/**
 * The words of `q` as the listing reads them, made once for the matching of new ads
 * (services/alerts/alerts.ts, docs/decisions/061-matching-at-scale.md).
 */
function matchColumns(q: string | null) {
  if (q === null) return { matchQuery: null, matchPartial: null }
  const partial = partialWords(q)
  return {
    matchQuery: sql<string>`${searchQuery(q)}`,
    matchPartial: partial === null ? null : sql<string>`ads_fold(${partial})`,
  }
}

/**
 * One spelling per search: the listing matches a city without case or accents and words without
 * case, so "Montréal" and "montreal", "Silk" and "silk" are one search saved once.
 */
function searchKey(search: ReturnType<typeof normalize>): string {
  return JSON.stringify([
    search.province,
    search.category,
    search.city === null ? null : foldAccents(search.city),
    search.q?.toLowerCase() ?? null,
    search.escortType,
    search.verified,
  ])
}

/** The listing query a saved search stands for: what its listing shows is what newSince counts. */
export function listingQueryOf(row: SavedSearchRow): AdListQuery {
  return {
    province: row.province as AdListQuery['province'],
    category: row.category as AdListQuery['category'],
    city: row.city ?? undefined,
    q: row.q ?? undefined,
    escortType: (row.escortType ?? undefined) as AdListQuery['escortType'],
    verified: row.verified || undefined,
    page: 1,
  }
}

/**
 * How many listed ads match each search and were first published after it was last opened. One
 * statement for all of a user's searches (at most 20): a UNION ALL of one count per search, each
 * with the listing's own conditions (ad-search.ts), so each count uses the listing's indexes and a
 * search counts exactly what its listing shows. A renewal or a bump does not make an ad new.
 */
async function newSinceCounts(
  db: Db,
  rows: readonly SavedSearchRow[],
  now: Date,
): Promise<Map<string, number>> {
  const counts = rows.map((row) =>
    db
      .select({
        id: savedSearches.id,
        n: sql<number>`(select count(*)::int from ${ads} where ${listingConditions(listingQueryOf(row), now)} and ${ads.publishedAt} > ${savedSearches.lastOpenedAt})`.as(
          'n',
        ),
      })
      .from(savedSearches)
      .where(eq(savedSearches.id, row.id)),
  )
  const [first, second, ...rest] = counts
  if (!first) return new Map()
  const found = second ? await unionAll(first, second, ...rest) : await first
  return new Map(found.map((row) => [row.id, Number(row.n)]))
}

function toView(row: SavedSearchRow, newSince: number): SavedSearch {
  return {
    id: row.id,
    province: row.province as SavedSearch['province'],
    category: row.category as SavedSearch['category'],
    city: row.city,
    q: row.q,
    escortType: row.escortType as SavedSearch['escortType'],
    verified: row.verified,
    alert: row.alert,
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    lastOpenedAt: row.lastOpenedAt.toISOString(),
    newSince,
  }
}

/** Every saved search of a user, oldest first (the order they were saved in), with newSince. */
export async function listSavedSearches(db: Db, userId: string, now: Date): Promise<SavedSearchList> {
  const rows = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
  const counts = await newSinceCounts(db, rows, now)
  return { items: rows.map((row) => toView(row, counts.get(row.id) ?? 0)) }
}

async function viewOf(db: Db, row: SavedSearchRow, now: Date): Promise<SavedSearch> {
  const counts = await newSinceCounts(db, [row], now)
  return toView(row, counts.get(row.id) ?? 0)
}

/**
 * Saves a search. The same search saved again answers the row already kept (`created: false`),
 * its alert and dates unchanged. A new one past MAX_SAVED_SEARCHES is refused 409 search.limit; the
 * count and the insert are one transaction holding the user's row, so two saves at once cannot make 21.
 */
export async function saveSearch(
  db: Db,
  userId: string,
  input: SavedSearchCreate,
  now: Date,
): Promise<{ search: SavedSearch; created: boolean }> {
  const search = normalize(input)
  const key = searchKey(search)
  const mine = (tx: Db) =>
    tx
      .select()
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.key, key)))
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [existing] = await mine(tx)
    if (existing) return { row: existing, created: false }
    const [kept] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId))
    if ((kept?.n ?? 0) >= MAX_SAVED_SEARCHES)
      throw new ApiError(409, 'search.limit', { max: MAX_SAVED_SEARCHES })
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        key,
        ...search,
        ...matchColumns(search.q),
        alert: input.alert,
        frequency: input.frequency,
      })
      .returning()
    if (!row) throw new Error('saved search not written')
    return { row, created: true }
  })
  return { search: await viewOf(db, outcome.row, now), created: outcome.created }
}

function byId(userId: string, id: string) {
  // an id of another shape is nobody's search: 404, as another user's is, and no cast error
  if (!UUID.test(id)) throw new ApiError(404, 'search.not_found')
  return and(eq(savedSearches.userId, userId), eq(savedSearches.id, id))
}

/** Changes the alert or its frequency; 404 for a search that is not the user's. */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  patch: SavedSearchPatch,
  now: Date,
): Promise<SavedSearch> {
  const where = byId(userId, id)
  const changes = {
    ...(patch.alert ? { alert: patch.alert } : {}),
    ...(patch.frequency ? { frequency: patch.frequency } : {}),
  }
  const [row] =
    Object.keys(changes).length === 0
      ? await db.select().from(savedSearches).where(where)
      : await db.update(savedSearches).set(changes).where(where).returning()
  if (!row) throw new ApiError(404, 'search.not_found')
  return viewOf(db, row, now)
}

/** Deletes a search; 404 for one that is not the user's (or is gone already). */
export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(savedSearches).where(byId(userId, id)).returning({ id: savedSearches.id })
  if (deleted.length === 0) throw new ApiError(404, 'search.not_found')
}

/**
 * The user opened the search's listing from /searches: newSince counts from now on. The database's
 * clock, as the ads' published_at is written with it (ad-payments.ts), so the two compare truly.
 */
export async function markSearchOpened(db: Db, userId: string, id: string): Promise<void> {
  const opened = await db
    .update(savedSearches)
    .set({ lastOpenedAt: sql`now()` })
    .where(byId(userId, id))
    .returning({ id: savedSearches.id })
  if (opened.length === 0) throw new ApiError(404, 'search.not_found')
}
