import { useEffect, useSyncExternalStore } from 'react'
import { getDb, type MapleDb, peekDb, subscribeDbReady } from './database.ts'
import { localVersion, subscribeLocalChanges } from './local-storage.ts'

/**
 * For the live hooks: the db once open (undefined while opening, null in fallback mode), and in
 * fallback mode a version that moves on every localStorage change, since live queries can't see those.
 */
export function useLocalDb(): { db: MapleDb | null | undefined; version: number } {
  const db = useSyncExternalStore(subscribeDbReady, peekDb, peekDb)
  const version = useSyncExternalStore(subscribeLocalChanges, localVersion, localVersion)
  useEffect(() => {
    void getDb()
  }, [])
  return { db, version: db === null ? version : 0 }
}
