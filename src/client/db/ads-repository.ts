// The one door to ads for the app (docs/decisions/006-offline-model.md): the user's own ads (IndexedDB,
// mirrored to the mock-ads localStorage key) followed by the generated ones. Ads published to a server later
// plug in here, with Dexie as their offline cache, and no screen changes.
import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { type Ad, type AdInput, AdSchema, parseStoredAds } from '#domain/ad.ts'
import { mockAds } from '#domain/mock-ads.ts'
import { getDb, type MapleDb, type StoredAd } from './database.ts'
import { readMirroredAds, writeMirroredAds } from './mirror.ts'
import { useLocalDb } from './use-local-db.ts'

/** What an edit may change: everything but the identity and the posting date (bump moves that). */
export type AdPatch = Partial<Omit<AdInput, 'id' | 'postedAt' | 'bumpedAt' | 'updatedAt'>>

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

export async function getUserAd(id: string): Promise<Ad | undefined> {
  const ads = await listUserAds()
  return ads.find((ad) => ad.id === id)
}

/** The user's ads first, then the generated ones. */
export async function listAllAds(): Promise<Ad[]> {
  return [...(await listUserAds()), ...mockAds()]
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

function applyPatch(ad: Ad, patch: AdPatch, now: Date): Ad {
  return AdSchema.parse({ ...ad, ...patch, id: ad.id, postedAt: ad.postedAt, updatedAt: now.toISOString() })
}

/** Edits an ad; records the edit date, keeps postedAt. Undefined when the ad is not the user's. */
export async function updateUserAd(id: string, patch: AdPatch, now = new Date()): Promise<Ad | undefined> {
  return changeAds<Ad | undefined>(
    async (db) => {
      const stored = await db.ads.get(id)
      const [current] = stored ? toAds([stored]) : []
      if (!stored || !current) return undefined
      const next = applyPatch(current, patch, now)
      await db.ads.put({ ...next, seq: stored.seq })
      return next
    },
    (ads) => {
      const current = ads.find((a) => a.id === id)
      if (!current) return { ads, result: undefined }
      const next = applyPatch(current, patch, now)
      return { ads: ads.map((a) => (a.id === id ? next : a)), result: next }
    },
  )
}

/** Bumping moves postedAt to now so the ad leads its listing; the edit date stays. */
export async function bumpUserAd(id: string, now = new Date()): Promise<Ad | undefined> {
  const bump = (ad: Ad): Ad => ({ ...ad, postedAt: now.toISOString(), bumpedAt: now.toISOString() })
  return changeAds<Ad | undefined>(
    async (db) => {
      const stored = await db.ads.get(id)
      const [current] = stored ? toAds([stored]) : []
      if (!stored || !current) return undefined
      const next = bump(current)
      await db.ads.put({ ...next, seq: stored.seq })
      return next
    },
    (ads) => {
      const current = ads.find((a) => a.id === id)
      if (!current) return { ads, result: undefined }
      const next = bump(current)
      return { ads: ads.map((a) => (a.id === id ? next : a)), result: next }
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

/** Forgets every ad of the user on this device (e.g. after the admin purge). */
export async function clearUserAds(): Promise<void> {
  await changeAds(
    async (db) => {
      await db.ads.clear()
    },
    () => ({ ads: [], result: undefined }),
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

/** One of the user's ads: undefined while loading, null when it is not theirs (or gone). */
export function useUserAd(id: string): Ad | null | undefined {
  const ads = useUserAds()
  return ads === undefined ? undefined : (ads.find((ad) => ad.id === id) ?? null)
}

/** User ads then generated ads; the generated ones show at once, the user's join when loaded. */
export function useAllAds(): readonly Ad[] {
  const userAds = useUserAds()
  return useMemo(() => (userAds?.length ? [...userAds, ...mockAds()] : mockAds()), [userAds])
}
