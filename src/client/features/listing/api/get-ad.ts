import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { http, isApiError } from '#client/lib/http.ts'
import { unlessJustServerRendered } from '#client/lib/server-rendered-queries.ts'
import type { AdDetail, AdList } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { adSchemas } from './ad-schemas.ts'
import { adsKeys } from './ads-keys.ts'

/**
 * GET /ads/{id}: a live ad (its owner, signed in, also sees it in any other status), or null when
 * there is none: an expired, removed or unknown ad is an answer to show, not a failure to retry.
 */
export async function getAd(id: string, signal?: AbortSignal): Promise<AdDetail | null> {
  const { AdDetailSchema } = await adSchemas()
  try {
    return await http.get(AdsPaths.ad(id), { schema: AdDetailSchema, signal })
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null
    throw error
  }
}

/** The ad as a listing page seen earlier showed it: the ad's page paints at once, even offline. */
function fromSeenListings(queryClient: QueryClient, id: string): AdDetail | undefined {
  for (const [, list] of queryClient.getQueriesData<AdList>({ queryKey: [...adsKeys.all, 'list'] })) {
    const ad = list?.items.find((item) => item.id === id)
    if (ad) return ad
  }
  return undefined
}

export function adQuery(queryClient: QueryClient, id: string) {
  return queryOptions<AdDetail | null>({
    queryKey: adsKeys.detail(id),
    queryFn: ({ signal }) => getAd(id, signal),
    refetchOnMount: unlessJustServerRendered,
    placeholderData: (): AdDetail | undefined => fromSeenListings(queryClient, id),
    // offline, one failed attempt is enough to show what was saved
    retry: (count) => count < 1 && typeof navigator !== 'undefined' && navigator.onLine,
  })
}

export function useAd(queryClient: QueryClient, id: string) {
  return useQuery(adQuery(queryClient, id))
}
