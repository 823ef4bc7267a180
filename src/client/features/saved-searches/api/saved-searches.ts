import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { SavedSearchList } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'

/** The signed-in user's saved searches; never persisted (lib/persister.ts keeps only public data). */
export const savedSearchesKeys = {
  all: ['saved-searches'] as const,
  list: (email: string) => ['saved-searches', email] as const,
}

/** GET /account/searches: each search with how many ads are new since it was last opened. */
export async function listSavedSearches(signal?: AbortSignal): Promise<SavedSearchList> {
  const { SavedSearchListSchema } = await import('#domain/api/saved-searches.ts')
  return http.get(SavedSearchesPaths.list, { schema: SavedSearchListSchema, signal })
}

export function savedSearchesQuery(email: string) {
  return queryOptions({
    queryKey: savedSearchesKeys.list(email),
    queryFn: ({ signal }) => listSavedSearches(signal).then((answer) => answer.items),
    // newSince changes with every ad published: read it afresh each time the page opens
    staleTime: 0,
  })
}

export function useSavedSearches(email: string | undefined) {
  return useQuery({ ...savedSearchesQuery(email ?? ''), enabled: Boolean(email) })
}
