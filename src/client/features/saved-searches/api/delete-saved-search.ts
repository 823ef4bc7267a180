import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { savedSearchesKeys } from './saved-searches.ts'

/** DELETE /account/searches/{id} */
export function deleteSavedSearch(id: string) {
  return http.delete(SavedSearchesPaths.one(id))
}

export function useDeleteSavedSearch() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteSavedSearch,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  })
}
