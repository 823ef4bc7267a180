/** What a window needs for being forgotten: when it ends (ms since the epoch). */
interface Ending {
  resetAt: number
}

/**
 * One route's clients' windows, kept in the order they end. Every window of a route has the same
 * length and a window that starts again moves to the end, so the ended ones are always at the front,
 * where a new client forgets them in passing, and the oldest live ones after them when the route
 * holds `maxKeys` clients.
 *
 * The front is walked by one iterator kept between calls. A new `for…of` at every new client would
 * step again over every entry deleted at the front since V8 last compacted the map (it keeps them as
 * holes until it rehashes): with 50,000 clients that was about 10 µs for each new one, spent on
 * every request of a flood of addresses, the very case the bound is for
 * (docs/decisions/023-rate-limits.md, "Forgetting without walking the holes").
 */
export class ClientWindows<W extends Ending> {
  readonly #windows = new Map<string, W>()
  // every live entry is at the cursor or after it: entries are only ever added at the end
  #cursor: MapIterator<[string, W]> | undefined
  // the entry the cursor last gave, not yet passed
  #head: [string, W] | undefined

  constructor(private readonly maxKeys: number) {}

  get size(): number {
    return this.#windows.size
  }

  get(key: string): W | undefined {
    return this.#windows.get(key)
  }

  /**
   * A new window for `key`, which now ends last. A client not known yet first makes room: the ended
   * windows go, then the oldest while the route is full.
   */
  start(key: string, window: W, now: number): void {
    if (!this.#windows.delete(key)) this.#forget(now)
    this.#windows.set(key, window)
  }

  #forget(now: number): void {
    for (;;) {
      const head = this.#front()
      if (head === undefined) return
      const [key, window] = head
      if (window.resetAt > now && this.#windows.size < this.maxKeys) return
      this.#windows.delete(key)
      this.#head = undefined
    }
  }

  /** The first live entry, or undefined when the map is empty. */
  #front(): [string, W] | undefined {
    for (;;) {
      if (this.#head === undefined) {
        this.#cursor ??= this.#windows.entries()
        const next = this.#cursor.next()
        // a finished iterator stays finished, even once the map fills again: a new one is taken then
        if (next.done) {
          this.#cursor = undefined
          return undefined
        }
        this.#head = next.value
      }
      // started again since the cursor gave it: that window now sits at the end, ahead of the cursor
      if (this.#windows.get(this.#head[0]) === this.#head[1]) return this.#head
      this.#head = undefined
    }
  }
}
