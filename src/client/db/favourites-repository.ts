import { type FavouriteRecord, getDb } from './database.ts'

// Favourites on this device (docs/decisions/046-favourites.md). Without IndexedDB (private modes) they
// read as empty and writes are dropped: the account keeps a signed-in user's favourites anyway.

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
