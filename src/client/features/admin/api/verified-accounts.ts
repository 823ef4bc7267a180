import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { VerificationPaths, VerificationQueueSchema } from '#domain/api/verification.ts'
import { reviewKeys } from './review-queue.ts'
import { trustKeys } from './trust-queues.ts'

// Verified accounts, for a revocation (docs/decisions/031-verified-advertisers.md): the approved
// requests, the latest first, optionally only the emails that contain what the admin typed.

// under trustKeys.all, so a revocation (or an approval in the queue) refreshes the results too
const verifiedKey = (email: string | null) => [...trustKeys.all, 'verified', email ?? 'none'] as const

/** GET /admin/verifications?status=approved[&email=…] (admin); null runs nothing. */
export function useVerifiedAccounts(email: string | null) {
  return useQuery({
    queryKey: verifiedKey(email),
    queryFn: ({ signal }) =>
      http.get(VerificationPaths.queue, {
        auth: 'admin',
        query: { status: 'approved', email },
        schema: VerificationQueueSchema,
        signal,
      }),
    enabled: email !== null,
    staleTime: 0,
    // a new search keeps the last list on screen until its answer comes
    placeholderData: keepPreviousData,
  })
}

/** POST /admin/verifications/{id}/revoke {reason}: the badge leaves every ad of the account at once. */
export function useRevokeVerification() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ id, reason }: { id: number; reason: string }) => {
      await http.post(VerificationPaths.revoke(id), { reason }, { auth: 'admin' })
    },
    networkMode: 'always',
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: trustKeys.all })
      await queryClient.invalidateQueries({ queryKey: reviewKeys.audit() })
    },
  })
}
