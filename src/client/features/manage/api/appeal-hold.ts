import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AppealResponseSchema, ReportPaths } from '#domain/api/reports.ts'
import { myAdsKeys } from './my-ads.ts'

/** POST /ads/{id}/appeal: the owner asks once per hold for a review; refreshes their ads. */
export function useAppealHold() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ adId, note }: { adId: string; note: string }) =>
      http.post(ReportPaths.appeal(adId), { note }, { schema: AppealResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: myAdsKeys.all }),
  })
}
