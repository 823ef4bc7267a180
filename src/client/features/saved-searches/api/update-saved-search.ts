import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { SavedSearch, SavedSearchPatch } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { savedSearchesKeys } from './saved-searches.ts'

/** PATCH /account/searches/{id}: the alert or its frequency (stored now, sent by a later issue). */
export async function updateSavedSearch(id: string, patch: SavedSearchPatch): Promise<SavedSearch> {
  const { SavedSearchSchema } = await import('#domain/api/saved-searches.ts')
  return http.patch(SavedSearchesPaths.one(id), patch, { schema: SavedSearchSchema })
}

export function useUpdateSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SavedSearchPatch }) => updateSavedSearch(id, patch),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  })
}
