import { useEffect } from 'react'
import { useUserAds } from '#client/db/ads-repository.ts'
import type { Ad } from '#domain/ad.ts'

/** Reports the user's own ads (live from the local store) to the listing; renders nothing. */
export default function OwnAdsSource({ onAds }: { onAds: (ads: readonly Ad[]) => void }) {
  const ads = useUserAds()
  useEffect(() => {
    if (ads) onAds(ads)
  }, [ads, onAds])
  return null
}
