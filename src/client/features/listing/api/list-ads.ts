import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { unlessJustServerRendered } from '#client/lib/server-rendered-queries.ts'
import type { AdList } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { adSchemas } from './ad-schemas.ts'
import { type AdListQueryParams, adsKeys } from './ads-keys.ts'

/** GET /ads: one page (12) of live ads, newest (or best match) first. */
export async function listAds(query: AdListQueryParams, signal?: AbortSignal): Promise<AdList> {
  const { AdListSchema } = await adSchemas()
  return http.get(AdsPaths.list, { query: { ...query }, schema: AdListSchema, signal, auth: 'none' })
}

export function adsListQuery(query: AdListQueryParams) {
  return queryOptions({
    queryKey: adsKeys.list(query),
    queryFn: ({ signal }) => listAds(query, signal),
    // always asked again when shown (a new or changed ad shows at once); the saved copy shows meanwhile
    staleTime: 0,
    refetchOnMount: unlessJustServerRendered,
    placeholderData: keepPreviousData,
    // offline the persisted copy is shown as it is: one failed attempt is enough to say so
    retry: (count) => count < 1 && typeof navigator !== 'undefined' && navigator.onLine,
  })
}

export function useAdsList(query: AdListQueryParams) {
  return useQuery(adsListQuery(query))
}
