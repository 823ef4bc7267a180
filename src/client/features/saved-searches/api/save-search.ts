import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { SavedSearch, SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { savedSearchesKeys } from './saved-searches.ts'

/** POST /account/searches: saving a search already kept answers that one (docs/decisions/052-saved-searches.md). */
export async function saveSearch(search: SavedSearchCreate): Promise<SavedSearch> {
  // the schema loads with the request: the button sits on the listing, which must not carry zod
  const { SavedSearchSchema } = await import('#domain/api/saved-searches.ts')
  return http.post(SavedSearchesPaths.list, search, { schema: SavedSearchSchema })
}

export function useSaveSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: saveSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  })
}
