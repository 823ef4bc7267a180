// The listing's ads come through the one ads repository (DESIGN.md §5): the user's own ads, live from
// IndexedDB, and the generated ones, kept apart so the user's always lead (spec section 3).
import { useMemo } from 'react'
import { useUserAds } from '#client/db/ads-repository.ts'
import type { Ad } from '#domain/ad.ts'
import type { ListingSources } from '#domain/listing.ts'
import { mockAds } from '#domain/mock-ads.ts'

const NO_ADS: readonly Ad[] = []

/** The generated ads show at once; the user's join as soon as the local store has opened. */
export function useListingAds(): ListingSources {
  const own = useUserAds() ?? NO_ADS
  return useMemo(() => ({ own, generated: mockAds() }), [own])
}
