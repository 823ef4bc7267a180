import { readJson, writeJson } from '#client/db/local-storage.ts'
import { getSession } from '#client/lib/session/session-store.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

// The ids this device shows as favourites, and who listens to them (docs/decisions/046-favourites.md).
// Its own small module so that the hearts (favourite-state.ts) and the sync (favourites-sync.ts) both
// reach it without importing each other.

let ids: ReadonlySet<string> = new Set()
let version = 0
let read = false
const listeners = new Set<() => void>()

export function notifyFavourites(): void {
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
  notifyFavourites()
}

export function subscribeFavourites(listener: () => void): () => void {
  listeners.add(listener)
  if (!read) {
    read = true
    ids = storedIds()
    notifyFavourites()
  }
  return () => listeners.delete(listener)
}

export const isFavouriteId = (adId: string): boolean => ids.has(adId)
export const favouritesVersion = (): number => version
