import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { OwnAdList } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'

/** The signed-in user's ads; never persisted (lib/persister.ts), and dropped on sign-out. */
export const myAdsKeys = {
  all: ['my-ads'] as const,
  list: (email: string) => ['my-ads', email] as const,
}

/** GET /ads/mine: every status, with contact details and the removal reason. */
export async function listMyAds(signal?: AbortSignal): Promise<OwnAdList> {
  // the schemas load with the fetch: the listing badges "Your ad" with this, and must not carry zod
  const { OwnAdListSchema } = await import('#domain/api/ads.ts')
  return http.get(AdsPaths.mine, { schema: OwnAdListSchema, signal })
}

export function myAdsQuery(email: string) {
  return queryOptions({
    queryKey: myAdsKeys.list(email),
    queryFn: ({ signal }) => listMyAds(signal).then((answer) => answer.items),
    staleTime: 0,
  })
}

/** The user's ads, or undefined while signed out or loading. */
export function useMyAds(email: string | undefined) {
  return useQuery({ ...myAdsQuery(email ?? ''), enabled: Boolean(email) })
}
