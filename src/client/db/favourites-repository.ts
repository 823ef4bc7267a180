import { type FavouriteRecord, getDb, type RecentRecord } from './database.ts'

// Favourites and recently viewed ads on this device (docs/decisions/046-favourites.md). Without
// IndexedDB (private modes) both read as empty and writes are dropped: they are conveniences, and the
// account keeps a signed-in user's favourites anyway.

/** How many recently opened ads the device keeps (issue 41 item 4). */
export const RECENT_LIMIT = 30

export async function readFavouriteRecords(): Promise<FavouriteRecord[]> {
  const db = await getDb()
  if (!db) return []
  return (await db.favourites.orderBy('savedAt').reverse().toArray()).filter(
    (r) => typeof r.adId === 'string',
  )
}

export async function writeFavouriteRecords(records: readonly FavouriteRecord[]): Promise<void> {
  const db = await getDb()
  if (db && records.length > 0) await db.favourites.bulkPut([...records])
}

export async function deleteFavouriteRecords(adIds: readonly string[]): Promise<void> {
  const db = await getDb()
  if (db && adIds.length > 0) await db.favourites.bulkDelete([...adIds])
}

export async function readRecentRecords(): Promise<RecentRecord[]> {
  const db = await getDb()
  if (!db) return []
  return db.recentAds.orderBy('viewedAt').reverse().limit(RECENT_LIMIT).toArray()
}

/** Keeps an opened ad first, and only the last RECENT_LIMIT. */
export async function writeRecentRecord(record: RecentRecord): Promise<void> {
  const db = await getDb()
  if (!db) return
  await db.transaction('rw', db.recentAds, async () => {
    await db.recentAds.put(record)
    const older = await db.recentAds.orderBy('viewedAt').reverse().offset(RECENT_LIMIT).primaryKeys()
    if (older.length > 0) await db.recentAds.bulkDelete(older)
  })
}
