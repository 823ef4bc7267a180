import { useEffect, useSyncExternalStore } from 'react'
import { readJson, writeJson } from '#client/db/local-storage.ts'
import { noteRecentAd } from '#client/db/recent-ads.ts'
import { getSession } from '#client/lib/session/session-store.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

// Which ads this device shows as favourites, for the hearts (docs/decisions/046-favourites.md). This
// module is small and loads with the cards: it reads the ids from localStorage, where the sync
// (favourites-sync.ts, with IndexedDB, the API and zod) writes them. That sync loads only when it has
// work: a heart tapped, /favourites opened, a sign-in; never at the app's start (decision 040's
// budget). The server and the first render in the browser draw every heart unpressed
// (getServerSnapshot), so hydration matches; the stored ids press them right after.

let ids: ReadonlySet<string> = new Set()
let version = 0
let read = false
const listeners = new Set<() => void>()
const loadSync = () => import('./favourites-sync.ts')

function notify(): void {
  version += 1
  for (const listener of listeners) listener()
}

/** The stored ids when they are the signed-in account's (or the signed-out device's). */
function storedIds(): ReadonlySet<string> {
  const stored = readJson(STORAGE_KEYS.favouriteIds)
  if (typeof stored !== 'object' || stored === null) return new Set()
  const { account, ids: list } = stored as { account?: unknown; ids?: unknown }
  const who = getSession().user?.email ?? ''
  if (account !== who || !Array.isArray(list)) return new Set()
  return new Set(list.filter((id): id is string => typeof id === 'string'))
}

/** Called by favourites-sync.ts whenever the device's favourites change. */
export function publishFavourites(account: string, next: ReadonlySet<string>): void {
  writeJson(STORAGE_KEYS.favouriteIds, { account, ids: [...next] })
  ids = next
  read = true
  notify()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (!read) {
    read = true
    ids = storedIds()
    notify()
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
    if (!ad) return
    noteRecentAd(ad, new Date().toISOString())
    notify()
  }, [ad])
}
