import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuditListSchema, QueueSchema, ReportPaths, type ReviewAction } from '#domain/api/reports.ts'

export const reviewKeys = {
  all: ['admin-review'] as const,
  queue: () => [...reviewKeys.all, 'queue'] as const,
  audit: () => [...reviewKeys.all, 'audit'] as const,
}

/** GET /admin/reports (admin): reported and held ads, most urgent first. */
export function reviewQueueQuery() {
  return queryOptions({
    queryKey: reviewKeys.queue(),
    queryFn: ({ signal }) => http.get(ReportPaths.queue, { auth: 'admin', schema: QueueSchema, signal }),
    // a moderator acts on what is true now, never on a cached queue
    staleTime: 0,
  })
}

export function useReviewQueue() {
  return useQuery(reviewQueueQuery())
}

// the console's header asks again this often, so an ad awaiting confirmation shows without a reload
const COUNT_REFRESH_MS = 60_000

/** How many ads the queue holds, and how many await an admin's confirmation (the console's header). */
export function useReviewQueueCount() {
  return useQuery({
    ...reviewQueueQuery(),
    refetchInterval: COUNT_REFRESH_MS,
    select: (queue) => ({
      total: queue.items.length,
      awaiting: queue.items.filter((item) => item.awaitingConfirmation).length,
    }),
  })
}

/** GET /admin/audit (admin): admin actions, newest first. */
export function useAuditLog() {
  return useQuery({
    queryKey: reviewKeys.audit(),
    queryFn: ({ signal }) => http.get(ReportPaths.audit, { auth: 'admin', schema: AuditListSchema, signal }),
    staleTime: 0,
  })
}

interface Decision {
  adId: string
  action: ReviewAction
  reason: string
}

/** POST /admin/reports/{id}/{action} (admin); refreshes the queue and the audit log. */
export function useReviewAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ adId, action, reason }: Decision) => {
      await http.post(ReportPaths.action(adId, action), { reason }, { auth: 'admin' })
    },
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  })
}
