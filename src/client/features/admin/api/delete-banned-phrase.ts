import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { ModerationPaths } from '#domain/api/moderation.ts'
import { bannedPhraseKeys } from './banned-phrases.ts'
import { reviewKeys } from './review-queue.ts'

/** DELETE /moderation/banned-words/{id} (admin). */
export async function deleteBannedPhrase(id: string): Promise<void> {
  await http.delete(ModerationPaths.bannedWord(id), { auth: 'admin' })
}

export function useDeleteBannedPhrase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteBannedPhrase,
    networkMode: 'always',
    // the change is an audited admin action, and may hold ads: the audit log and the queue refresh too
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bannedPhraseKeys.all }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      ]),
  })
}
