import type { QueryClient } from '@tanstack/react-query'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { myAdsKeys } from '#client/features/manage/api/my-ads.ts'

/** A paid fee changed an ad on the server: listings and /manage read it again. */
export function refreshAds(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: adsKeys.all })
  void queryClient.invalidateQueries({ queryKey: myAdsKeys.all })
}
