import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { AdStatus } from '#domain/ad-status.ts'
import { AdminAdPageSchema } from '#domain/api/admin-ads.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { reviewKeys } from './review-queue.ts'

// a type, not an interface, so it passes as the request's query record
export type AdminAdsSearch = {
  q: string
  email: string
  status: AdStatus | ''
  page: number
}

// under reviewKeys.all, so a remove or restore (useReviewAction) refreshes the results too
export const adminAdsKey = (search: AdminAdsSearch) => [...reviewKeys.all, 'ads', search] as const

/** GET /admin/ads (admin): every ad matching the search, newest created first; null runs nothing. */
export function useAdminAds(search: AdminAdsSearch | null) {
  return useQuery({
    queryKey: search ? adminAdsKey(search) : [...reviewKeys.all, 'ads', 'none'],
    queryFn: ({ signal }) =>
      http.get(ReportPaths.ads, {
        auth: 'admin',
        query: search ?? {},
        schema: AdminAdPageSchema,
        signal,
      }),
    enabled: search !== null,
    staleTime: 0,
    // paging keeps the current page on screen until the next one arrives
    placeholderData: keepPreviousData,
  })
}
