import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { ModerationPaths } from '#domain/api/moderation.ts'
import { bannedPhraseKeys } from './banned-phrases.ts'

/** DELETE /moderation/banned-words/{id} (admin). */
export async function deleteBannedPhrase(id: string): Promise<void> {
  await http.delete(ModerationPaths.bannedWord(id), { auth: 'admin' })
}

export function useDeleteBannedPhrase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBannedPhrase,
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: bannedPhraseKeys.all }),
  })
}
