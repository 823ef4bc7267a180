// The listing's ads come through the one ads repository (docs/decisions/006-offline-model.md): the user's own
// ads, live from IndexedDB, and the generated ones, kept apart so the user's always lead. The repository (and
// Dexie with it, about 30 KB gzipped) loads in its own chunk after the page has painted: the generated ads
// need no storage, so the first view never waits for IndexedDB.
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react'
import type { Ad } from '#domain/ad.ts'
import type { ListingSources } from '#domain/listing.ts'
import { mockAds } from '#domain/mock-ads.ts'

const OwnAdsSource = lazy(() => import('./own-ads-source.tsx'))

const NO_ADS: readonly Ad[] = []

export function useListingAds(): { sources: ListingSources; ownAdsLoader: ReactNode } {
  const [own, setOwn] = useState<readonly Ad[]>(NO_ADS)
  const sources = useMemo(() => ({ own, generated: mockAds() }), [own])
  const ownAdsLoader = (
    <Suspense fallback={null}>
      <OwnAdsSource onAds={setOwn} />
    </Suspense>
  )
  return { sources, ownAdsLoader }
}
