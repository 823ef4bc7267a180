import type { Query } from '@tanstack/react-query'
import { SENT_PAGE_OLDEST_MS } from '#domain/pages.ts'

type RenderedQuery = Pick<Query, 'queryHash' | 'state'>

// The queries a server-rendered page brought with it (the router hydrates them, src/client/app.tsx):
// their data is what the server knows when the page mounts (a page the server sends is at most
// SENT_PAGE_OLDEST_MS old, and any ad write voids it), so mounting does not ask again. Once that data
// is replaced (a refetch, an edit) or has aged past that, the query asks on mount as usual.
const rendered = new Map<string, number>()

/** A kept page's age, plus long enough for the page to mount; short enough that coming back later asks again. */
const FRESH_MS = SENT_PAGE_OLDEST_MS + 30_000

export function rememberServerRendered(queries: Iterable<RenderedQuery>): void {
  for (const query of queries) rendered.set(query.queryHash, query.state.dataUpdatedAt)
}

/**
 * For `refetchOnMount`: false while the query still holds the data the server rendered moments ago.
 * Pure (TanStack Query asks it more than once per mount).
 */
export function unlessJustServerRendered(query: RenderedQuery): boolean {
  const at = rendered.get(query.queryHash)
  return at === undefined || at !== query.state.dataUpdatedAt || Date.now() - at > FRESH_MS
}
