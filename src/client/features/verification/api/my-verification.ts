import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { VerificationPaths, VerificationSchema } from '#domain/api/verification.ts'

export const verificationKeys = {
  all: ['verification'] as const,
  mine: () => [...verificationKeys.all, 'mine'] as const,
}

/** GET /account/verification: the status and the one-time code to hold in the photo. */
export function myVerificationQuery() {
  return queryOptions({
    queryKey: verificationKeys.mine(),
    queryFn: ({ signal }) => http.get(VerificationPaths.mine, { schema: VerificationSchema, signal }),
    // the code changes once used: never show one from an earlier visit
    staleTime: 0,
  })
}

export function useMyVerification() {
  return useQuery(myVerificationQuery())
}

/** POST /account/verification (multipart): the code and one or two photos. */
export function useAskVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ code, photo, photo2 }: { code: string; photo: File; photo2: File | null }) => {
      const form = new FormData()
      form.append('code', code)
      form.append('photo', photo)
      if (photo2) form.append('photo2', photo2)
      return http.post(VerificationPaths.mine, form, { schema: VerificationSchema })
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  })
}
