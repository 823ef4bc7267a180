import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import type { Query } from '@tanstack/react-query'
import { QUERY_GC_TIME_MS } from './query-client.ts'

// Only a few query families go to localStorage (docs/decisions/006-offline-model.md): cities, the wallet
// and the public ad pages a visitor has seen ('ads'), so they reopen offline with the time they were
// fetched. The user's own ads ('my-ads') are not kept: they carry contact details. What the user makes
// on this device (drafts, photos, offline orders) lives in IndexedDB (src/client/db).
export const PERSISTED_QUERY_ROOTS: readonly string[] = ['cities', 'wallet', 'ads']
export const PERSISTED_CACHE_KEY = 'query_cache'
// bump when a persisted query's data shape changes, so old caches are dropped instead of misread
export const PERSISTED_CACHE_BUSTER = '2'

export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0]
  return query.state.status === 'success' && typeof root === 'string' && PERSISTED_QUERY_ROOTS.includes(root)
}

export function createPersister(storage: Storage | undefined = globalThis.localStorage) {
  return createSyncStoragePersister({ storage, key: PERSISTED_CACHE_KEY, throttleTime: 1000 })
}

export const persistOptions = {
  maxAge: QUERY_GC_TIME_MS,
  buster: PERSISTED_CACHE_BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}
