import { type CacheLive, type Generation, RecheckedCache } from '#server/services/cache/rechecked-cache.ts'

/**
 * Answers of the public listing and search (GET /api/ads) by query, so that many visitors asking
 * the same page cost one count and one page query per second at most instead of two full-text
 * queries each (docs/decisions/015-api-request-cost.md). On for the embedded database, whose
 * every write runs in this process, and on PostgreSQL while the change feed brings the other
 * processes' writes (docs/decisions/021-shared-changes.md): each ad change records its ad_events row through
 * recordAdEvent, which says `changed(tx, 'ads')` and voids every cached answer once it commits. What no write
 * marks, an ad passing its expiry time, ends the answer at that time: the reader passes the earliest
 * expiry among the matching ads as `staleAt`.
 */
export const AD_LIST_RECHECK_MS = 1_000

interface Fresh<T> {
  answer: T
  staleAt: Date | null
}

// answers are of many shapes, one per key (a key names one query)
export type AdListCache = RecheckedCache<unknown>

/** Made by plugins/caches.ts where this process hears of every ad change (see the header). */
export function createAdListCache(
  generation: Generation,
  live: CacheLive,
  now: () => number = Date.now,
): AdListCache {
  return new RecheckedCache<unknown>(generation, AD_LIST_RECHECK_MS, 1_000, now, live)
}

/**
 * The cached answer to this query (its validated form, as a key), or the one `read` gives, with the
 * test of whether the cache still holds that very answer (none when the cache is off): a copy kept
 * elsewhere, such as the whole HTTP answer (http/answer-cache.ts), lives exactly as long.
 */
export async function cachedAdList<T>(
  answers: AdListCache | undefined,
  query: object,
  read: () => Promise<Fresh<T>>,
): Promise<{ answer: T; isCurrent?: () => boolean }> {
  if (answers === undefined) return { answer: (await read()).answer }
  const key = JSON.stringify(query)
  // requests that miss together share one read: when a popular page expires, a dozen full-text
  // queries at once on PostgreSQL each waited on the others (RecheckedCache.read)
  const answer = (await answers.read(key, async () => {
    const fresh = await read()
    return { value: fresh.answer, staleAt: fresh.staleAt?.getTime() }
  })) as T
  return { answer, isCurrent: () => answers.get(key) === answer }
}
