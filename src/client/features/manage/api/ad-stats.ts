import { queryOptions } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import type { AdStats } from '#domain/api/ad-stats.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'

// An ad's last 30 days for its owner or an admin (docs/decisions/053-ad-stats.md); the admin console
// reads it through this file too, with the admin's token.
const adStatsKeys = {
  all: ['ad-stats'] as const,
  one: (adId: string, auth: 'user' | 'admin') => ['ad-stats', auth, adId] as const,
}

/** GET /ads/:id/stats; 'ad-stats' is not among the roots lib/persister.ts keeps on the device. */
export function adStatsQuery(adId: string, auth: 'user' | 'admin') {
  return queryOptions({
    queryKey: adStatsKeys.one(adId, auth),
    queryFn: async ({ signal }): Promise<AdStats> => {
      // the schema loads with the fetch, as the manage list's does
      const { AdStatsSchema } = await import('#domain/api/ad-stats.ts')
      return http.get(AdsPaths.stats(adId), { auth, schema: AdStatsSchema, signal })
    },
    staleTime: 30_000,
  })
}
