// Rendered pages kept the way decision 020 keeps API answers: until the ads change (their generation,
// which every ad write bumps, here or, through the change feed, in another process), until the
// earliest expiry of the ads they show, and only while the short caches may answer at all (always on
// PGlite, on PostgreSQL while Redis brings the other processes' writes). A hit costs a Map lookup
// instead of a render (23-40 ms) and a compression (docs/decisions/030-page-cache-and-render.md).
import { KEPT_PAGE_MAX_AGE_MS, type RenderedPage } from '#domain/pages.ts'
import type { CacheLive, Generation } from '#server/services/cache/rechecked-cache.ts'

// Beyond this a page is rendered again even if no write said so: what a page shows besides ads (the
// cities list, a photo finishing its processing) is not marked by the ads' generation
const MAX_AGE_MS = KEPT_PAGE_MAX_AGE_MS
// beyond this many entries or bytes the cache starts over rather than growing without bound: a crawler
// walking every city and page number must not fill the memory
const MAX_ENTRIES = 5_000
const MAX_BYTES = 64 * 1024 * 1024

interface Entry<T> {
  value: T
  generation: number
  until: number
  bytes: number
}

/**
 * Values by key, each current while the generation it was read in is the current one and its time
 * has not come. `pending` shares one making of a value between the requests that miss together: a
 * burst on one new page costs one render, not one each.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private readonly pending = new Map<string, { generation: number; value: Promise<T> }>()
  private bytes = 0

  constructor(
    private readonly generation: () => number,
    private readonly live: CacheLive | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    if (entry.generation !== this.generation() || this.now() >= entry.until || !this.live?.()) {
      this.delete(key, entry)
      return undefined
    }
    return entry.value
  }

  /**
   * Keeps `value`, made from data read in `readGeneration` (taken before the reading started: a
   * write that lands meanwhile voids it), until `staleAt` at the latest.
   */
  set(key: string, value: T, readGeneration: number, bytes: number, staleAt?: number | null): void {
    if (readGeneration !== this.generation() || !this.live?.()) return
    const until = Math.min(this.now() + MAX_AGE_MS, staleAt ?? Number.POSITIVE_INFINITY)
    if (until <= this.now()) return
    if (this.entries.size >= MAX_ENTRIES || this.bytes + bytes > MAX_BYTES) this.clear()
    const old = this.entries.get(key)
    if (old) this.delete(key, old)
    this.entries.set(key, { value, generation: readGeneration, until, bytes })
    this.bytes += bytes
  }

  /**
   * The kept value, or the one `make` gives, shared with every request that misses the same key
   * while it is being made in the current generation.
   */
  async read(
    key: string,
    make: () => Promise<T>,
    size: (value: T) => { bytes: number; staleAt?: number | null },
  ): Promise<T> {
    const kept = this.get(key)
    if (kept !== undefined) return kept
    const generation = this.generation()
    const shared = this.pending.get(key)
    if (shared !== undefined && shared.generation === generation) return shared.value
    const value = make()
    this.pending.set(key, { generation, value })
    try {
      const made = await value
      const { bytes, staleAt } = size(made)
      this.set(key, made, generation, bytes, staleAt)
      return made
    } finally {
      if (this.pending.get(key)?.value === value) this.pending.delete(key)
    }
  }

  private delete(key: string, entry: Entry<T>): void {
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }

  private clear(): void {
    this.entries.clear()
    this.bytes = 0
  }
}

/** A page's bytes as sent, in one encoding and one variant of the gate. */
export interface SentPage {
  body: Buffer | string
  status: number
  noindex: boolean
  /** the 18+ gate is in it */
  gated: boolean
  /** the hashes that let its inline scripts (the router's `$_TSR`) run under the CSP */
  scriptSources: string[]
}

/**
 * The two layers routes/pages.ts keeps (docs/decisions/030-page-cache-and-render.md): the render of a
 * URL in a language, and the bytes sent per variant. Made once per app by plugins/caches.ts.
 */
export interface PageCaches {
  renders: GenerationCache<RenderedPage>
  answers: GenerationCache<SentPage>
}

export function createPageCaches(ads: Generation, live: CacheLive | undefined): PageCaches {
  const adsGeneration = () => ads.current()
  return {
    renders: new GenerationCache(adsGeneration, live),
    answers: new GenerationCache(adsGeneration, live),
  }
}
