/**
 * How long the server keeps a rendered page at most (src/server/services/pages/page-cache.ts) even when
 * no ad write voided it: a kept page's data can be this old when it is sent, and still what the server
 * knows (docs/decisions/030-page-cache-and-render.md).
 */
export const KEPT_PAGE_MAX_AGE_MS = 60_000

/**
 * How long past that age a kept page may still be sent while its new render is made (stale while
 * revalidate): the oldest data a page the server sends can hold is the sum of the two.
 */
export const AGED_PAGE_GRACE_MS = 60_000
export const SENT_PAGE_OLDEST_MS = KEPT_PAGE_MAX_AGE_MS + AGED_PAGE_GRACE_MS

// What a server render of a page hands the server (src/client/entry-server.tsx →
// src/server/routes/pages.ts): the two sides are built apart and meet only through these shapes.

/** What a page says about itself to the browser tab, search engines and link previews. */
export interface PageHeadInfo {
  /** the page's own title; the brand is added (msg.app.pageTitle) */
  title: string
  description: string
  /** the one URL this content lives at, as a path ('/ca/ON/adult-buy-sell?city=Toronto') */
  canonicalPath: string
  /** an absolute or root-relative image for link previews */
  image?: string | undefined
  /** 'article' for an ad, 'website' otherwise (Open Graph) */
  kind?: 'website' | 'article'
  /** the HTTP status a server render answers with (404 for an ad that is gone) */
  status?: number
  /** keep the page out of search results (an ad that is gone, a keyword search) */
  noindex?: boolean
}

export interface RenderedPage {
  /** the markup for #root */
  html: string
  /** the <link rel="preload"> React asks for (the first photos), for <head>, where they are not markup to adopt */
  preloads: string
  /** what the page declared, or null when it declared nothing */
  head: PageHeadInfo | null
  /** the <title>: the page's own with the brand, in the page's language */
  documentTitle: string
  /**
   * The router's `$_TSR` scripts, ready to go after #root: its matches and the query cache, for the
   * browser to start from (app.tsx). Written by TanStack Router, which escapes what they carry.
   */
  scripts: string
  /** where the route sent the visitor instead (an unknown province goes home) */
  redirect: string | null
  /**
   * When the page stops being true without any write saying so: the earliest expiry (epoch ms) of
   * the ads it shows, or null. A cache of pages keeps it no longer (src/server/routes/pages.ts).
   */
  staleAt?: number | null
}

const CHANGES_AT = new Set(['expiresAt', 'availableUntil', 'endsAt', 'nextChangeAt', 'startsAt'])

/**
 * The earliest `expiresAt`, `availableUntil`, a visit's `endsAt`, a listing's `nextChangeAt` or a
 * visit's `startsAt` still after `now` (ISO dates) anywhere in `value`, as epoch ms, or null: the
 * ads a render read, wherever its queries keep them.
 */
export function earliestExpiry(value: unknown, now: number = Date.now()): number | null {
  let earliest: number | null = null
  const visit = (node: unknown, depth: number): void => {
    // a query's data is a few levels deep; a bound keeps a strange answer from costing a long walk
    if (typeof node !== 'object' || node === null || depth > 8) return
    if (Array.isArray(node)) {
      for (const item of node) visit(item, depth + 1)
      return
    }
    for (const [key, item] of Object.entries(node)) {
      // an ad's "Available now" ends with no write too (docs/decisions/048-advertisers.md), and so
      // does a visit start and end (060); a visit under way has started already
      if (CHANGES_AT.has(key) && typeof item === 'string') {
        const at = Date.parse(item)
        if (key === 'startsAt' && !(at > now)) continue
        if (Number.isFinite(at) && (earliest === null || at < earliest)) earliest = at
      } else visit(item, depth + 1)
    }
  }
  visit(value, 0)
  return earliest
}
