import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AdListSchema, AdsPaths } from '#domain/api/ads.ts'
import { type AdListQueryParams, adsKeys } from './ads-keys.ts'

/** GET /ads: one page (12) of live ads, newest (or best match) first. */
export function listAds(query: AdListQueryParams, signal?: AbortSignal) {
  return http.get(AdsPaths.list, { query: { ...query }, schema: AdListSchema, signal, auth: 'none' })
}

export function adsListQuery(query: AdListQueryParams) {
  return queryOptions({
    queryKey: adsKeys.list(query),
    queryFn: ({ signal }) => listAds(query, signal),
    // always asked again when shown (a new or changed ad shows at once); the saved copy shows meanwhile
    staleTime: 0,
    placeholderData: keepPreviousData,
    // offline the persisted copy is shown as it is: one failed attempt is enough to say so
    retry: (count) => count < 1 && typeof navigator !== 'undefined' && navigator.onLine,
  })
}

export function useAdsList(query: AdListQueryParams) {
  return useQuery(adsListQuery(query))
}
