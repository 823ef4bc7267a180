import type { Db } from '#server/db/client.ts'
import { type CacheLive, Generation, RecheckedCache } from '#server/services/cache/rechecked-cache.ts'

/**
 * Answers of the public listing and search (GET /api/ads) by query, so that many visitors asking
 * the same page cost one count and one page query per second at most instead of two full-text
 * queries each (docs/decisions/015-api-request-cost.md). On for the embedded database, whose
 * every write runs in this process, and on PostgreSQL while the change feed brings the other
 * processes' writes (docs/decisions/021-shared-changes.md): each ad change records its ad_events row through
 * recordAdEvent, which calls adsChanged() and voids every cached answer at once. What no write
 * marks, an ad passing its expiry time, ends the answer at that time: the reader passes the earliest
 * expiry among the matching ads as `staleAt`.
 */
export const AD_LIST_RECHECK_MS = 1_000

const generation = new Generation('ads')

interface Fresh<T> {
  answer: T
  staleAt: Date | null
}
interface Reading<T> {
  generation: number
  result: Promise<Fresh<T>>
}
interface ListCache {
  answers: RecheckedCache<unknown>
  // the query under way for each key: requests that miss together share it
  readings: Map<string, Reading<unknown>>
}
const caches = new WeakMap<Db, ListCache>()

/** Call after any write to ads (recordAdEvent does; so do the demo seed, purges and test resets). */
export function adsChanged(): void {
  generation.bump()
}

export function enableAdListCache(db: Db, live: CacheLive): void {
  if (caches.has(db)) return
  const answers = new RecheckedCache<unknown>(generation, AD_LIST_RECHECK_MS, 1_000, undefined, live)
  caches.set(db, { answers, readings: new Map() })
}

/**
 * The query for this key that is already under way and started after the last ad change, or a new
 * one. When an answer expires, every request for it until the first query is back would otherwise
 * query too: on PostgreSQL, a dozen full-text queries at once for one popular page each second, all
 * waiting on one another. Shared only within a generation, so a request that comes after a change
 * never gets an answer read before it.
 */
function reading<T>(
  under: Map<string, Reading<unknown>>,
  key: string,
  read: () => Promise<Fresh<T>>,
): Reading<T> {
  const current = generation.current()
  const shared = under.get(key)
  // a key names one query, so what is under way for it reads the same T
  if (shared !== undefined && shared.generation === current) return shared as Reading<T>
  const started: Reading<T> = { generation: current, result: read() }
  under.set(key, started)
  const done = () => {
    if (under.get(key) === started) under.delete(key)
  }
  started.result.then(done, done)
  return started
}

/**
 * The cached answer to this query (its validated form, as a key), or the one `read` gives, with the
 * test of whether the cache still holds that very answer (none when the cache is off): a copy kept
 * elsewhere, such as the whole HTTP answer (plugins/answer-cache.ts), lives exactly as long.
 */
export async function cachedAdList<T>(
  db: Db,
  query: object,
  read: () => Promise<Fresh<T>>,
): Promise<{ answer: T; isCurrent?: () => boolean }> {
  const cache = caches.get(db)
  if (cache === undefined) return { answer: (await read()).answer }
  const { answers, readings } = cache
  const key = JSON.stringify(query)
  let answer = answers.get(key) as T | undefined
  if (answer === undefined) {
    const shared = reading(readings, key, read)
    const fresh = await shared.result
    answer = fresh.answer
    answers.set(key, answer, shared.generation, fresh.staleAt?.getTime())
  }
  const kept = answer
  return { answer, isCurrent: () => answers.get(key) === kept }
}
