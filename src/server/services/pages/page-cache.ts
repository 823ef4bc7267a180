// Rendered pages kept the way decision 020 keeps API answers: until the ads change (their generation,
// which every ad write bumps, here or, through the change feed, in another process), until the
// earliest expiry of the ads they show, and only while the short caches may answer at all (always on
// PGlite, on PostgreSQL while Redis brings the other processes' writes). A hit costs a Map lookup
// instead of a render (23-40 ms) and a compression (docs/decisions/030-page-cache-and-render.md).
import { AGED_PAGE_GRACE_MS, KEPT_PAGE_MAX_AGE_MS, type RenderedPage } from '#domain/pages.ts'
import type { CacheLive, Generation } from '#server/services/cache/rechecked-cache.ts'

// Beyond this a page is rendered again even if no write said so: what a page shows besides ads (the
// cities list, a photo finishing its processing) is not marked by the ads' generation. Past it the
// kept page is still given while its new render is made in the background (stale while revalidate):
// a popular page ageing out would otherwise cost its next visitors a render on the request path, 1% of
// the answers at 200 req/s over 55 pages (docs/decisions/030-page-cache-and-render.md, "Pages that age").
const MAX_AGE_MS = KEPT_PAGE_MAX_AGE_MS
// each page's age is cut by up to this share at random: the pages rendered together (after an ad
// write, at start) would otherwise all age in the same second and be rendered again together
const AGE_SPREAD = 0.5
// how long past its age a page may still be given while its new render is late (a render that fails
// or is stuck): then it is a miss, as before
const AGED_GRACE_MS = AGED_PAGE_GRACE_MS
// beyond this many entries or bytes the cache starts over rather than growing without bound: a crawler
// walking every city and page number must not fill the memory
const MAX_ENTRIES = 5_000
const MAX_BYTES = 64 * 1024 * 1024

interface Entry<T> {
  value: T
  generation: number
  /** never given from here on: an ad it shows expires */
  until: number
  /** past this it is aged: given while a new one is made */
  freshUntil: number
  bytes: number
}

/** A kept value, and whether it has aged (given while `read` makes the new one). */
export interface Kept<T> {
  value: T
  aged: boolean
}

/**
 * Values by key, each current while the generation it was read in is the current one and its time
 * has not come. `pending` shares one making of a value between the requests that miss together: a
 * burst on one new page costs one render, not one each. A value past its age is still given by
 * `read`, which makes its successor in the background.
 */
export class GenerationCache<T> {
  private readonly entries = new Map<string, Entry<T>>()
  private readonly pending = new Map<string, { generation: number; value: Promise<T> }>()
  private bytes = 0

  constructor(
    private readonly generation: () => number,
    private readonly live: CacheLive | undefined,
    private readonly now: () => number = () => Date.now(),
    /** 0 to 1: how much of AGE_SPREAD cuts this page's age */
    private readonly random: () => number = Math.random,
    private readonly maxEntries: number = MAX_ENTRIES,
  ) {}

  /** The kept value, fresh or aged, or nothing (another generation, an expired ad, too old). */
  look(key: string): Kept<T> | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined) return undefined
    const now = this.now()
    if (entry.generation !== this.generation() || now >= entry.until || !this.live?.()) {
      this.delete(key, entry)
      return undefined
    }
    // the last one used goes to the end, so the first entries are the least used (set() drops those)
    this.entries.delete(key)
    this.entries.set(key, entry)
    return { value: entry.value, aged: now >= entry.freshUntil }
  }

  /** The kept value while it is fresh. */
  get(key: string): T | undefined {
    const kept = this.look(key)
    return kept && !kept.aged ? kept.value : undefined
  }

  /**
   * Keeps `value`, made from data read in `readGeneration` (taken before the reading started: a
   * write that lands meanwhile voids it), until `staleAt` at the latest.
   */
  set(key: string, value: T, readGeneration: number, bytes: number, staleAt?: number | null): void {
    if (readGeneration !== this.generation() || !this.live?.()) return
    const now = this.now()
    const age = MAX_AGE_MS * (1 - AGE_SPREAD * this.random())
    const freshUntil = Math.min(now + age, staleAt ?? Number.POSITIVE_INFINITY)
    if (freshUntil <= now) return
    const until = Math.min(freshUntil + AGED_GRACE_MS, staleAt ?? Number.POSITIVE_INFINITY)
    const old = this.entries.get(key)
    if (old) this.delete(key, old)
    // full: the least used pages make room, not every page (a burst of new URLs must not empty it)
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + bytes <= MAX_BYTES) break
      this.delete(oldest, entry)
    }
    this.entries.set(key, { value, generation: readGeneration, until, freshUntil, bytes })
    this.bytes += bytes
  }

  /**
   * The kept value, or the one `make` gives, shared with every request that misses the same key
   * while it is being made in the current generation. An aged value is given at once, and `make`
   * runs once in the background to replace it (the `failed` of the read that started it hears if it
   * throws: nobody awaits it).
   */
  async read(
    key: string,
    make: () => Promise<T>,
    size: (value: T) => { bytes: number; staleAt?: number | null },
    failed: (error: unknown) => void = () => {},
  ): Promise<T> {
    const kept = this.look(key)
    if (kept !== undefined) {
      // one render behind an aged page, reported by the request that started it, not by each one after
      if (kept.aged && this.pending.get(key)?.generation !== this.generation())
        this.make(key, make, size).catch(failed)
      return kept.value
    }
    return this.make(key, make, size)
  }

  private async make(
    key: string,
    make: () => Promise<T>,
    size: (value: T) => { bytes: number; staleAt?: number | null },
  ): Promise<T> {
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
  /** the render these bytes were made from: they are current while it is the kept render */
  from: RenderedPage
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
