import { useEffect, useSyncExternalStore } from 'react'
import { noteRecentAd } from '#client/db/recent-ads.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { favouritesVersion, isFavouriteId, notifyFavourites, subscribeFavourites } from './favourite-ids.ts'

// Which ads this device shows as favourites, for the hearts (docs/decisions/046-favourites.md). This
// module is small and loads with the cards: it reads the ids (favourite-ids.ts) from localStorage, where the sync
// (favourites-sync.ts, with IndexedDB, the API and zod) writes them. That sync loads only when it has
// work: a heart tapped, /favourites opened, a sign-in; never at the app's start (decision 040's
// budget). The server and the first render in the browser draw every heart unpressed
// (getServerSnapshot), so hydration matches; the stored ids press them right after.

const loadSync = () => import('./favourites-sync.ts')

const noFavourites = () => false
const firstVersion = () => 0

/** Whether the ad is a favourite here: false on the server and while the page is adopted. */
export function useIsFavourite(adId: string): boolean {
  return useSyncExternalStore(subscribeFavourites, () => isFavouriteId(adId), noFavourites)
}

/** Moves on every change of the device's favourites or recent ads, so a list re-reads them. */
export function useFavouritesVersion(): number {
  return useSyncExternalStore(subscribeFavourites, favouritesVersion, firstVersion)
}

export function toggleFavourite(ad: PublicAd): void {
  void loadSync().then((sync) => sync.toggleFavourite(ad))
}

/** Notes an opened ad among the recently viewed, after the page is drawn. */
export function useRecordView(ad: PublicAd | undefined): void {
  useEffect(() => {
    if (!ad) return
    noteRecentAd(ad, new Date().toISOString())
    notifyFavourites()
  }, [ad])
}
