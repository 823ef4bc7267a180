import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query'
import { QUERY_GC_TIME_MS } from './query-client.ts'

// Only a few query families go to localStorage (docs/decisions/006-offline-model.md): cities, the wallet
// and the public ad pages a visitor has seen ('ads'), so they reopen offline with the time they were
// fetched. The user's own ads ('my-ads') are not kept: they carry contact details. What the user makes
// on this device (drafts, photos, offline orders) lives in IndexedDB (src/client/db).
export const PERSISTED_QUERY_ROOTS: readonly string[] = ['cities', 'wallet', 'ads']
export const PERSISTED_CACHE_KEY = 'query_cache'
// bump when a persisted query's data shape changes, so old caches are dropped instead of misread
export const PERSISTED_CACHE_BUSTER = '2'

/**
 * A query of those families is kept while it holds data, also when its last refetch failed: a listing
 * refetched just as the network dropped would otherwise leave the saved copy at the next write, and
 * the page would open offline with nothing to show (the screen reads `data`, whatever the status).
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0]
  const hasData =
    query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined)
  return hasData && typeof root === 'string' && PERSISTED_QUERY_ROOTS.includes(root)
}

export function createPersister(storage: Storage | undefined = globalThis.localStorage) {
  return createSyncStoragePersister({ storage, key: PERSISTED_CACHE_KEY, throttleTime: 1000 })
}

export const persistOptions = {
  maxAge: QUERY_GC_TIME_MS,
  buster: PERSISTED_CACHE_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}

/**
 * Writes the saved copy at once, as the persister would a second later: for the moment the page is
 * hidden or left (a reload, a tap on another app), when a pending write would be lost with the page.
 */
export function saveNow(client: QueryClient, storage: Storage | undefined = globalThis.localStorage): void {
  const saved = {
    buster: PERSISTED_CACHE_BUSTER,
    timestamp: Date.now(),
    clientState: dehydrate(client, persistOptions.dehydrateOptions),
  }
  try {
    storage?.setItem(PERSISTED_CACHE_KEY, JSON.stringify(saved))
  } catch {
    // storage full or refused (private mode): the persister's own write tries again as it can
  }
}
