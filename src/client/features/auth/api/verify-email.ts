import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, VerifyEmailResponseSchema } from '#domain/api/auth.ts'

export const authKeys = {
  all: ['auth'] as const,
  verifyEmail: (token: string) => [...authKeys.all, 'verify-email', token] as const,
}

/**
 * GET /auth/verify-email. A query rather than a mutation so a re-render or a second mount shares the
 * one request; the link is single use, so it is never retried or refetched.
 */
export function verifyEmailQuery(token: string) {
  return queryOptions({
    queryKey: authKeys.verifyEmail(token),
    queryFn: ({ signal }) =>
      http.get(AuthPaths.verifyEmail, {
        query: { token },
        auth: 'none',
        schema: VerifyEmailResponseSchema,
        signal,
      }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: false,
    refetchOnReconnect: false,
    networkMode: 'always',
  })
}

export function useVerifyEmail(token: string) {
  return useQuery({ ...verifyEmailQuery(token), enabled: token !== '' })
}
