import { useEffect, useSyncExternalStore } from 'react'
import type { PublicAd } from '#domain/api/ads.ts'

// Which ads this device shows as favourites, in memory, for the hearts (docs/decisions/046-favourites.md).
// This module is small and loads with the cards; IndexedDB, the API and zod load with the first heart
// shown, after the page is drawn (favourites-sync.ts). The server and the first render in the browser
// draw every heart unpressed (getServerSnapshot), so hydration matches (docs/decisions/040-react.md);
// the device's list presses them right after.

let ids: ReadonlySet<string> = new Set()
let version = 0
const listeners = new Set<() => void>()
const loadSync = () => import('./favourites-sync.ts')
let started = false

/** Called by favourites-sync.ts whenever the device's favourites or recently viewed ads change. */
export function publishFavourites(next: ReadonlySet<string>): void {
  ids = next
  version += 1
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!started) {
    started = true
    void loadSync().then((sync) => sync.startFavourites())
  }
  return () => listeners.delete(listener)
}

const noFavourites = () => false
const firstVersion = () => 0

/** Whether the ad is a favourite here: false on the server and while the page is adopted. */
export function useIsFavourite(adId: string): boolean {
  return useSyncExternalStore(subscribe, () => ids.has(adId), noFavourites)
}

/** Moves on every change of the device's favourites or recent ads, so a list re-reads them. */
export function useFavouritesVersion(): number {
  return useSyncExternalStore(subscribe, () => version, firstVersion)
}

export function toggleFavourite(ad: PublicAd): void {
  void loadSync().then((sync) => sync.toggleFavourite(ad))
}

/** Notes an opened ad among the recently viewed, after the page is drawn. */
export function useRecordView(ad: PublicAd | undefined): void {
  useEffect(() => {
    if (ad) void loadSync().then((sync) => sync.recordView(ad))
  }, [ad])
}
