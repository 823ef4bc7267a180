import type { DehydratedState, Query } from '@tanstack/react-query'

// The queries a server-rendered page brought with it (src/client/app.tsx hydrates them): their data is
// seconds old when the page mounts, so that first mount does not ask again. Any later mount (a cached
// copy shown again, a saved copy reopened) asks as usual.
const justRendered = new Set<string>()

export function rememberServerRendered(state: DehydratedState): void {
  for (const query of state.queries) justRendered.add(query.queryHash)
}

/** For `refetchOnMount`: false once for a query the server just rendered, true otherwise. */
export function unlessJustServerRendered(query: Pick<Query, 'queryHash'>): boolean {
  return !justRendered.delete(query.queryHash)
}
