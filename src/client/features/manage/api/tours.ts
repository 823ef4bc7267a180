import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { http } from '#client/lib/http.ts'
import { type OwnAd, OwnAdSchema, type ToursRequest } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { myAdsKeys } from './my-ads.ts'

/** PUT /ads/{id}/tours: the whole list of visits replaces the old one (docs/decisions/060-touring.md). */
export function useSaveTours(adId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (tours: ToursRequest): Promise<OwnAd> =>
      http.put(AdsPaths.tours(adId), tours, { schema: OwnAdSchema }),
    onSuccess: () => {
      // the owner's list and the public listings (the visited city's too) both show the visits
      void queryClient.invalidateQueries({ queryKey: myAdsKeys.all })
      void queryClient.invalidateQueries({ queryKey: adsKeys.all })
    },
  })
}
