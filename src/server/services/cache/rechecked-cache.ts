/**
 * A counter that voids every entry read before it was bumped. The code that writes the cached rows
 * bumps it after each write; a reader stamps its entry with the value it saw before its query, so
 * a write that lands while the query is in flight voids the entry too.
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

interface Entry<T> {
  value: T
  /** when the entry stops answering: readAt + recheckMs, or earlier when the data says so */
  until: number
  generation: number
}

/**
 * Rows this process read recently, answered without a query for `recheckMs` at most and voided
 * at once by their generation (docs/decisions/015-api-request-cost.md). Only for data whose every
 * write runs in this process: the embedded database, which one process owns.
 */
export class RecheckedCache<T> {
  private readonly entries = new Map<string, Entry<T>>()

  constructor(
    private readonly generation: Generation,
    private readonly recheckMs: number,
    // beyond this many keys the cache starts over rather than growing without bound
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
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
    if (readGeneration !== this.generation.current()) return
    if (this.entries.size >= this.maxEntries) this.entries.clear()
    const until = Math.min(this.now() + this.recheckMs, staleAt)
    this.entries.set(key, { value, until, generation: readGeneration })
  }
}
