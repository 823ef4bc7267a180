// The browser's own store. This folder is the only place importing dexie (biome enforces it); the
// rest of the app uses the repositories beside this file.
//
// What lives where, and why:
// - IndexedDB (Dexie database 'maple') is the owner of what the user makes on this device before the
//   server has it (docs/decisions/006-offline-model.md): the post draft, pending payments (orders made
//   offline, paid when back online) and photo blobs. It holds blobs, survives quota pressure better and
//   is reachable from live queries. Ads themselves live on the server (docs/decisions/010-ads-on-the-server.md).
// - localStorage keeps the draft key (STORAGE_KEYS in constants.ts) as a mirror, with the time it was
//   written: every write to Dexie writes it first. At start, an IndexedDB without a draft imports the
//   mirror (seeded by a test, or written while IndexedDB was refused); one with a draft is the truth
//   and rewrites the mirror, unless the mirror is newer (a page left before its IndexedDB write ended). The session
//   (auth_token, auth_user) and the admin token live only in localStorage (lib/session): tiny, read
//   synchronously at start.
// - When IndexedDB cannot be opened (private modes, disabled storage) the repositories fall back to
//   localStorage alone, and photo blobs to memory for the page's lifetime.
// - Corrupt stored data (bad JSON, wrong shapes) reads as empty or skips the bad items; it never
//   throws into a page.
import { Dexie, type EntityTable } from 'dexie'
import type { PublicAd } from '#domain/api/ads.ts'
import { mirroredDraftSavedAt, readMirroredDraft, writeMirroredDraft } from './local-storage.ts'
import { DB_NAME } from './pending-payments-flag.ts'

export { DB_NAME }

export interface DraftRecord {
  /** 'current' for the post form's draft; other keys are free for later (e.g. an edit in progress) */
  key: string
  value: unknown
  updatedAt: string
}

export type PendingPaymentType = 'post' | 'bump'
export type PendingPaymentStatus = 'pending' | 'processing' | 'done' | 'failed'

export interface PendingPayment {
  id: string
  type: PendingPaymentType
  adId?: string
  /** the ad being posted, as the post form saved it */
  draft?: unknown
  /** sent with every attempt so the server charges once however often the order is retried */
  idempotencyKey: string
  createdAt: string
  status: PendingPaymentStatus
  /** when the current attempt started; a 'processing' order older than a limit is retried */
  claimedAt?: string
  error?: string
}

export interface StoredBlob {
  id: string
  blob: Blob
  createdAt: string
  /** the server's media id once uploaded (lib/media/uploads.ts); not an index, so no schema change */
  mediaId?: string
  uploadedAt?: string
}

/**
 * An ad the user keeps (docs/decisions/046-favourites.md). `account` is empty for one kept while signed
 * out (merged into the next account that signs in here) and the account's email for one that came from
 * or went to the server; a record of another account is dropped when it is not the one signed in.
 */
export interface FavouriteRecord {
  adId: string
  savedAt: string
  account: string
  /** the ad as last seen, so /favourites reads offline; null when it was never seen here */
  ad: PublicAd | null
  /** its first photo, kept as bytes so it shows offline */
  photo?: Blob
  /** false once the server says it left the listing (expired, held, removed) */
  listed: boolean
  /** the server never had this ad: kept here, shown as gone */
  gone?: boolean
  /** a change the account has not heard of yet (made offline) */
  pending?: 'put' | 'delete'
}

// Devices from before ads lived on the server kept the user's ads in an `ads` table and under this
// key; version 2 drops both (docs/decisions/009-browser-ads-and-generated-ads.md, superseded).
const FORMER_ADS_KEY = 'mock_ads'

function forgetFormerAdsKey(): void {
  try {
    localStorage.removeItem(FORMER_ADS_KEY)
  } catch {
    // storage blocked: nothing can be read from it either
  }
}

export class MapleDb extends Dexie {
  declare drafts: EntityTable<DraftRecord, 'key'>
  declare pendingPayments: EntityTable<PendingPayment, 'id'>
  declare blobs: EntityTable<StoredBlob, 'id'>
  declare favourites: EntityTable<FavouriteRecord, 'adId'>

  constructor() {
    // the globals are read now, not when dexie was loaded, so a page (or test) without them is seen
    super(DB_NAME, { indexedDB: globalThis.indexedDB, IDBKeyRange: globalThis.IDBKeyRange })
    this.version(1).stores({
      ads: 'id, seq',
      drafts: 'key',
      pendingPayments: 'id, status, createdAt',
      blobs: 'id',
    })
    this.version(2)
      .stores({ ads: null })
      .upgrade(() => forgetFormerAdsKey())
    this.version(3).stores({ favourites: 'adId, savedAt' })
  }
}

export const CURRENT_DRAFT_KEY = 'current'

async function syncWithMirror(db: MapleDb): Promise<void> {
  await db.transaction('rw', db.drafts, async () => {
    const draft = await db.drafts.get(CURRENT_DRAFT_KEY)
    const mirrorSavedAt = mirroredDraftSavedAt()
    if (draft && mirrorSavedAt !== null && mirrorSavedAt > draft.updatedAt) {
      // the mirror was written after IndexedDB's copy: a page left before its IndexedDB write ended
      const mirrored = readMirroredDraft()
      if (mirrored === null) await db.drafts.delete(CURRENT_DRAFT_KEY)
      else await db.drafts.put({ key: CURRENT_DRAFT_KEY, value: mirrored, updatedAt: mirrorSavedAt })
    } else if (draft) {
      writeMirroredDraft(draft.value, draft.updatedAt)
    } else {
      const mirrored = readMirroredDraft()
      if (mirrored !== null) {
        await db.drafts.put({ key: CURRENT_DRAFT_KEY, value: mirrored, updatedAt: new Date().toISOString() })
      }
    }
  })
}

async function openDb(): Promise<MapleDb | null> {
  if (typeof globalThis.indexedDB === 'undefined' || globalThis.indexedDB === null) return null
  let db: MapleDb | undefined
  try {
    db = new MapleDb()
    await db.open()
    await syncWithMirror(db)
    return db
  } catch {
    // IndexedDB refused (private mode, blocked, corrupt): localStorage alone keeps the app working
    db?.close()
    return null
  }
}

let opening: Promise<MapleDb | null> | undefined
let opened: MapleDb | null | undefined
const readyListeners = new Set<() => void>()

/** The database, or null when this browser cannot give us IndexedDB. Opened once per page. */
export function getDb(): Promise<MapleDb | null> {
  opening ??= openDb().then((db) => {
    opened = db
    for (const listener of readyListeners) listener()
    return db
  })
  return opening
}

/** Synchronous view for hooks: undefined while opening, then the db or null (fallback mode). */
export function peekDb(): MapleDb | null | undefined {
  return opened
}

export function subscribeDbReady(listener: () => void): () => void {
  readyListeners.add(listener)
  return () => readyListeners.delete(listener)
}

/**
 * Closes and forgets the database so the next getDb() opens it again, for tests.
 * @internal
 */
export async function resetDb(options: { deleteData?: boolean } = {}): Promise<void> {
  const db = await opening?.catch(() => null)
  db?.close()
  opening = undefined
  opened = undefined
  if (options.deleteData && typeof globalThis.indexedDB !== 'undefined') {
    await Dexie.delete(DB_NAME)
  }
}
