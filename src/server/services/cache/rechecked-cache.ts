import { afterCommit } from '#server/db/after-commit.ts'

/** Told of every change this process makes, by name ('ads', 'sessions', 'wallets'). */
type ChangeListener = (name: string) => void

const generationsByName = new Map<string, Generation>()
const changeListeners = new Set<ChangeListener>()

/**
 * A counter that voids every entry read before it was bumped. The code that writes the cached rows
 * bumps it after each write; a reader stamps its entry with the value it saw before its query, so
 * a write that lands while the query is in flight voids the entry too. Each bump is also told to
 * the change listeners, which pass it on to the other processes
 * (docs/decisions/021-shared-changes.md).
 */
export class Generation {
  private value = 0

  constructor(readonly name: string) {
    generationsByName.set(name, this)
  }

  bump(): void {
    this.value++
    // inside a transaction, again once it commits: a reader that ran meanwhile saw the old rows, and
    // only then can other processes see the new ones
    if (!afterCommit(this.committed)) this.tell()
  }

  private readonly committed = () => {
    this.value++
    this.tell()
  }

  private tell(): void {
    for (const listener of changeListeners) listener(this.name)
  }

  /** A change another process made: voids this process's entries without telling anyone. */
  bumpQuietly(): void {
    this.value++
  }

  current(): number {
    return this.value
  }
}

/** Starts telling `listener` of every change this process makes; returns how to stop. */
export function listenToChanges(listener: ChangeListener): () => void {
  changeListeners.add(listener)
  return () => changeListeners.delete(listener)
}

/** A change another process announced; false when no cache here has that name. */
export function changedElsewhere(name: string): boolean {
  const generation = generationsByName.get(name)
  generation?.bumpQuietly()
  return generation !== undefined
}

/** Voids every cache of this process at once (the news of other processes may have been missed). */
export function voidEveryCache(): void {
  for (const generation of generationsByName.values()) generation.bumpQuietly()
}

/** Whether a cache may answer now: always on PGlite, while the change feed is up on PostgreSQL. */
export type CacheLive = () => boolean

export const alwaysLive: CacheLive = () => true

interface Entry<T> {
  value: T
  /** when the entry stops answering: readAt + recheckMs, or earlier when the data says so */
  until: number
  generation: number
}

/** What a read of the database gives: the value (undefined: nothing to keep), and when it goes stale. */
export interface Read<V> {
  value: V
  /** ms since the epoch, when the value changes by time alone (see `set`) */
  staleAt?: number | undefined
}

interface Reading<T> {
  generation: number
  result: Promise<Read<T | undefined>>
}

/**
 * Rows this process read recently, answered without a query for `recheckMs` at most and voided
 * at once by their generation (docs/decisions/015-api-request-cost.md). Only for data whose every
 * write this process hears of: the embedded database, which one process owns, or PostgreSQL while
 * the change feed brings the other processes' writes (`live`, docs/decisions/021-shared-changes.md).
 */
export class RecheckedCache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  // the read under way for each key, which the requests that miss meanwhile share
  private readonly readings = new Map<string, Reading<T>>()

  constructor(
    private readonly generation: Generation,
    private readonly recheckMs: number,
    // beyond this many keys the cache starts over rather than growing without bound
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    private readonly live: CacheLive = alwaysLive,
  ) {}

  get(key: string): T | undefined {
    if (!this.live()) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.generation !== this.generation.current() || this.now() >= entry.until) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /**
   * Keeps a value read from the database; `readGeneration` is generation.current() taken before the
   * query. `staleAt` (ms since the epoch) ends the entry sooner, when the value changes by time alone.
   */
  set(key: string, value: T, readGeneration: number, staleAt = Number.POSITIVE_INFINITY): void {
    if (readGeneration !== this.generation.current() || !this.live()) return
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const until = Math.min(this.now() + this.recheckMs, staleAt)
    this.entries.set(key, { value, until, generation: readGeneration })
  }

  /**
   * The kept value, or the one `load` reads, kept for the next requests. Requests that miss together
   * share the read already under way for the key, when it started in the current generation and the
   * cache is live: otherwise, each time an entry expires, every request for it until the first read
   * is back queries too (a burst of one user's requests, a popular listing page), a dozen queries at
   * once on a pool of ten, each waiting on the others. A request that comes after a change never
   * shares a read started before it. A failed read is not kept: the next request reads again.
   */
  read(key: string, load: () => Promise<Read<T>>): Promise<T>
  read(key: string, load: () => Promise<Read<T | undefined>>): Promise<T | undefined>
  async read(key: string, load: () => Promise<Read<T | undefined>>): Promise<T | undefined> {
    const kept = this.get(key)
    if (kept !== undefined) return kept
    if (!this.live()) return (await load()).value
    const reading = this.sharedReading(key, load)
    const { value, staleAt } = await reading.result
    if (value !== undefined) this.set(key, value, reading.generation, staleAt)
    return value
  }

  private sharedReading(key: string, load: () => Promise<Read<T | undefined>>): Reading<T> {
    const generation = this.generation.current()
    const shared = this.readings.get(key)
    if (shared !== undefined && shared.generation === generation) return shared
    const started: Reading<T> = { generation, result: load() }
    this.readings.set(key, started)
    const done = () => {
      if (this.readings.get(key) === started) this.readings.delete(key)
    }
    started.result.then(done, done)
    return started
  }
}
