import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { type AddBannedPhraseRequest, BannedPhraseSchema, ModerationPaths } from '#domain/api/moderation.ts'
import { bannedPhraseKeys } from './banned-phrases.ts'
import { reviewKeys } from './review-queue.ts'

/** POST /moderation/banned-words (admin). */
export function addBannedPhrase(body: AddBannedPhraseRequest) {
  return http.post(ModerationPaths.bannedWords, body, { auth: 'admin', schema: BannedPhraseSchema })
}

export function useAddBannedPhrase() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addBannedPhrase,
    networkMode: 'always',
    // the change is an audited admin action, and may hold ads: the audit log and the queue refresh too
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bannedPhraseKeys.all }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
      ]),
  })
}
