import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { savedSearchesKeys } from './saved-searches.ts'

/** POST /account/searches/{id}/opened: its listing was opened from /searches, so nothing is new now. */
export function markSearchOpened(id: string) {
  return http.post(SavedSearchesPaths.opened(id))
}

export function useMarkSearchOpened() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: markSearchOpened,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedSearchesKeys.all }),
  })
}
