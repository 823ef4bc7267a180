// Whether this device may hold saved orders, readable without IndexedDB's library: the root layout
// loads the payment queue's watcher (and with it Dexie, 32 kB) only when there may be something to pay,
// so a first visit downloads neither. Written when an order is saved, cleared by the watcher once the
// queue is empty. A device that saved orders before this flag existed has the database but no flag:
// it is told by the database's presence (indexedDB.databases(), no Dexie needed), once.
import { useEffect, useSyncExternalStore } from 'react'
import { STORAGE_KEYS } from '#domain/constants.ts'

/** Dexie's database name (database.ts opens it). */
export const DB_NAME = 'maple'
const KEY = STORAGE_KEYS.hasPendingPayments
const listeners = new Set<() => void>()

function read(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

export function notePendingPayments(has: boolean): void {
  try {
    localStorage.setItem(KEY, has ? '1' : '0')
  } catch {
    // storage blocked: the flag stays unknown, and unknown means look at the database
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // another tab saved or paid an order
  const onStorage = (event: StorageEvent) => event.key === KEY && listener()
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** True when saved orders may be waiting; an unknown flag is settled from the database's presence. */
export function useMayHavePendingPayments(): boolean {
  const flag = useSyncExternalStore(subscribe, read, () => '0')
  useEffect(() => {
    if (flag !== null) return
    const listing = typeof indexedDB?.databases === 'function' ? indexedDB.databases() : null
    if (!listing) {
      notePendingPayments(true)
      return
    }
    void listing.then(
      (databases) => notePendingPayments(databases.some((db) => db.name === DB_NAME)),
      () => notePendingPayments(true),
    )
  }, [flag])
  return flag === '1'
}
