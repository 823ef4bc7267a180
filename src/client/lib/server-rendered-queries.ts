import type { Query } from '@tanstack/react-query'

type RenderedQuery = Pick<Query, 'queryHash' | 'state'>

// The queries a server-rendered page brought with it (the router hydrates them, src/client/app.tsx):
// their data is seconds old when the page mounts, so mounting does not ask again. Once that data is
// replaced (a refetch, an edit) or has aged, the query asks on mount as usual.
const rendered = new Map<string, number>()

/** Long enough for the page to mount; short enough that coming back to it later asks again. */
const FRESH_MS = 30_000

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
