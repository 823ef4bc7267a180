// Ads kept on this device from before ads lived on the server (docs/decisions/010-ads-on-the-server.md):
// IndexedDB, mirrored to the mock-ads localStorage key. Nothing new is written here by the app; /manage
// lists them as drafts to publish (checkout creates the server ad) or delete. Tests seed them with addUserAd.
import { useLiveQuery } from 'dexie-react-hooks'
import { type Ad, type AdInput, AdSchema, parseStoredAds } from '#domain/ad.ts'
import { getDb, type MapleDb, type StoredAd } from './database.ts'
import { readMirroredAds, writeMirroredAds } from './mirror.ts'
import { useLocalDb } from './use-local-db.ts'

function toAds(stored: readonly StoredAd[]): Ad[] {
  return parseStoredAds(stored)
}

async function storedAds(db: MapleDb): Promise<StoredAd[]> {
  return db.ads.orderBy('seq').toArray()
}

/** The user's own ads in the order they were added; invalid records are skipped. */
export async function listUserAds(): Promise<Ad[]> {
  const db = await getDb()
  if (!db) return readMirroredAds()
  return toAds(await storedAds(db))
}

/**
 * Runs a change on the user's ads and rewrites the mirror from the result. In fallback mode the
 * change runs on the localStorage list itself.
 */
async function changeAds<T>(
  inDb: (db: MapleDb) => Promise<T>,
  inList: (ads: Ad[]) => { ads: Ad[]; result: T },
): Promise<T> {
  const db = await getDb()
  if (!db) {
    const { ads, result } = inList(readMirroredAds())
    writeMirroredAds(ads)
    return result
  }
  return db.transaction('rw', db.ads, async () => {
    const result = await inDb(db)
    writeMirroredAds(toAds(await storedAds(db)))
    return result
  })
}

/** Adds (appends) an ad; an ad with the same id is replaced where it stands. */
export async function addUserAd(input: AdInput): Promise<Ad> {
  const ad = AdSchema.parse(input)
  return changeAds(
    async (db) => {
      const existing = await db.ads.get(ad.id)
      const last = await db.ads.orderBy('seq').last()
      await db.ads.put({ ...ad, seq: existing?.seq ?? (last?.seq ?? 0) + 1 })
      return ad
    },
    (ads) => {
      const index = ads.findIndex((a) => a.id === ad.id)
      return { ads: index < 0 ? [...ads, ad] : ads.map((a, i) => (i === index ? ad : a)), result: ad }
    },
  )
}

/** Deletes one of the user's ads; false when there was none with that id. */
export async function deleteUserAd(id: string): Promise<boolean> {
  return changeAds(
    async (db) => {
      const existed = (await db.ads.get(id)) !== undefined
      await db.ads.delete(id)
      return existed
    },
    (ads) => ({ ads: ads.filter((a) => a.id !== id), result: ads.some((a) => a.id === id) }),
  )
}

// ---- React hooks -------------------------------------------------------------------------------

/** The user's own ads, live; undefined while the store is opening. */
export function useUserAds(): Ad[] | undefined {
  const { db, version } = useLocalDb()
  return useLiveQuery(async () => {
    if (db === undefined) return undefined
    if (db === null) return readMirroredAds()
    return toAds(await storedAds(db))
  }, [db, version])
}
