import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import {
  type BumpSchedule,
  BumpSchedulePaths,
  type BumpScheduleRequest,
  BumpScheduleSchema,
} from '#domain/api/bump-schedules.ts'

// An ad's scheduled bumps (docs/decisions/050-scheduled-bumps.md): read, replaced and cancelled from
// the dialog on /manage. Never persisted: the moments change as they run.

export const bumpScheduleKeys = {
  all: ['bump-schedule'] as const,
  detail: (adId: string) => ['bump-schedule', adId] as const,
}

export function bumpScheduleQuery(adId: string) {
  return queryOptions({
    queryKey: bumpScheduleKeys.detail(adId),
    queryFn: ({ signal }) =>
      http.get(BumpSchedulePaths.schedule(adId), { schema: BumpScheduleSchema, signal }),
    staleTime: 0,
  })
}

export function useBumpSchedule(adId: string) {
  return useQuery(bumpScheduleQuery(adId))
}

/** PUT (a new schedule replaces the old) or DELETE (cancel): the answer is the schedule as it is now. */
export function useChangeBumpSchedule(adId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (request: BumpScheduleRequest | null): Promise<BumpSchedule> =>
      request === null
        ? http.delete(BumpSchedulePaths.schedule(adId), { schema: BumpScheduleSchema })
        : http.put(BumpSchedulePaths.schedule(adId), request, { schema: BumpScheduleSchema }),
    onSuccess: (schedule) => queryClient.setQueryData(bumpScheduleKeys.detail(adId), schedule),
  })
}
