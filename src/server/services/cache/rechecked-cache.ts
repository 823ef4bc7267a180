import { CHANGES, type Change, type CommittedChanges } from '#server/db/changes.ts'

/**
 * A counter that voids every entry read before it was bumped. It is bumped once each write to the
 * cached rows commits (never on a rollback: nobody could read what it wrote); a reader stamps its
 * entry with the value it saw before its query, so a write that commits while the query is in
 * flight voids the entry too (docs/decisions/038-server-wiring.md).
 */
export class Generation {
  private value = 0

  bump(): void {
    this.value++
  }

  current(): number {
    return this.value
  }
}

/**
 * The generations of one database's cached data, one per kind of change, bumped as its changes
 * commit. Made once per app by plugins/caches.ts: two apps in one process (tests) share nothing.
 */
export class Generations {
  private readonly byChange = new Map<Change, Generation>(CHANGES.map((change) => [change, new Generation()]))
  private readonly stopListening: () => void

  constructor(changes: CommittedChanges) {
    this.stopListening = changes.listen((change) => this.of(change).bump())
  }

  of(change: Change): Generation {
    const generation = this.byChange.get(change)
    if (generation === undefined) throw new Error(`no generation for ${change}`)
    return generation
  }

  /** A change another process announced; false when no cache here has that name. */
  changedElsewhere(name: string): boolean {
    const change = CHANGES.find((known) => known === name)
    if (change !== undefined) this.of(change).bump()
    return change !== undefined
  }

  /** Voids every cache of this process at once (the news of other processes may have been missed). */
  voidAll(): void {
    for (const generation of this.byChange.values()) generation.bump()
  }

  close(): void {
    this.stopListening()
  }
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
