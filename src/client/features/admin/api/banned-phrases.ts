import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { BannedPhraseListSchema, ModerationPaths } from '#domain/api/moderation.ts'

export const bannedPhraseKeys = {
  all: ['banned-phrases'] as const,
  list: () => [...bannedPhraseKeys.all, 'list'] as const,
}

/** GET /moderation/banned-words: public, so it is sent without a token. */
export function bannedPhrasesQuery() {
  return queryOptions({
    queryKey: bannedPhraseKeys.list(),
    queryFn: ({ signal }) =>
      http.get(ModerationPaths.bannedWords, { auth: 'none', schema: BannedPhraseListSchema, signal }),
    // the admin is editing this list: always show what the server has now
    staleTime: 0,
  })
}

export function useBannedPhrases() {
  return useQuery(bannedPhrasesQuery())
}
