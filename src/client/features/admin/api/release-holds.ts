import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { BulkReleaseResponseSchema, ReportPaths } from '#domain/api/reports.ts'
import { reviewKeys } from './review-queue.ts'

/** POST /admin/reports/release (admin): many held ads live again at once; refreshes the queue and audit. */
export function useReleaseHolds() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ adIds, reason }: { adIds: string[]; reason: string }) =>
      http.post(ReportPaths.release, { adIds, reason }, { auth: 'admin', schema: BulkReleaseResponseSchema }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  })
}
