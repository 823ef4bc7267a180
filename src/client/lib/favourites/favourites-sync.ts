import type { FavouriteRecord } from '#client/db/database.ts'
import {
  deleteFavouriteRecords,
  readFavouriteRecords,
  writeFavouriteRecords,
} from '#client/db/favourites-repository.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { http, isApiError } from '#client/lib/http.ts'
import { getSession, sessionAtom, sessionStore } from '#client/lib/session/session-store.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { FavouriteMergeResultSchema, FavouritesPaths } from '#domain/api/favourites.ts'
import { publishFavourites } from './favourite-ids.ts'

// The device's favourites and the account's, kept in step (docs/decisions/046-favourites.md). The
// device (IndexedDB) shows the list, offline too; the server is the truth for a signed-in account:
// - signed out, a heart writes a record with no account;
// - at sign-in (and at every start and return online while signed in) the records with no account are
//   merged into the account (one idempotent POST), changes made offline are sent, and the account's
//   list replaces the device's, with each ad's snapshot and first photo kept for offline reading;
// - a record of another account (signed out since, or someone else signed in) leaves the device, so a
//   shared phone does not show the previous person's favourites.

function account(): string {
  return getSession().user?.email ?? ''
}

/** The records this device shows now: the signed-in account's (or the signed-out device's), less pending deletions. */
function shown(records: readonly FavouriteRecord[]): FavouriteRecord[] {
  const who = account()
  return records.filter((r) => r.account === who && r.pending !== 'delete')
}

async function publish(): Promise<void> {
  publishFavourites(account(), new Set(shown(await readFavouriteRecords()).map((r) => r.adId)))
}

/** The first photo's bytes, to show offline; undefined when it cannot be fetched now. */
async function photoOf(ad: PublicAd): Promise<Blob | undefined> {
  try {
    const response = await fetch(ad.photos[0]?.src ?? adImage(ad))
    return response.ok ? await response.blob() : undefined
  } catch {
    return undefined
  }
}

let syncing: Promise<void> | undefined

/** Brings the device and the signed-in account into step; one at a time. */
function sync(): Promise<void> {
  syncing ??= syncNow().finally(() => {
    syncing = undefined
  })
  return syncing
}

async function syncNow(): Promise<void> {
  const who = account()
  const records = await readFavouriteRecords()
  // another account's records leave the device
  await deleteFavouriteRecords(
    records.filter((r) => r.account !== '' && r.account !== who).map((r) => r.adId),
  )
  if (who === '' || (typeof navigator !== 'undefined' && !navigator.onLine)) return publish()
  const mine = records.filter((r) => r.account === '' || r.account === who)
  try {
    for (const r of mine.filter((r) => r.account === who && r.pending === 'delete')) {
      await http.delete(FavouritesPaths.one(r.adId))
    }
    const toMerge = mine.filter((r) => r.pending !== 'delete' && (r.account === '' || r.pending === 'put'))
    const answer = await http.post(
      FavouritesPaths.merge,
      { items: toMerge.map((r) => ({ adId: r.adId, savedAt: r.savedAt })) },
      { schema: FavouriteMergeResultSchema },
    )
    const before = new Map(mine.map((r) => [r.adId, r]))
    const skipped = new Set(answer.skipped)
    const next: FavouriteRecord[] = []
    for (const item of answer.items) {
      const old = before.get(item.adId)
      const ad = item.ad ?? old?.ad ?? null
      const photo = old?.photo ?? (item.ad ? await photoOf(item.ad) : undefined)
      next.push({ adId: item.adId, savedAt: item.savedAt, account: who, ad, photo, listed: item.listed })
    }
    for (const r of mine)
      if (skipped.has(r.adId) || r.gone)
        next.push({ ...r, account: who, gone: true, listed: false, pending: undefined })
    const kept = new Set(next.map((r) => r.adId))
    await deleteFavouriteRecords(mine.filter((r) => !kept.has(r.adId)).map((r) => r.adId))
    await writeFavouriteRecords(next)
  } catch {
    // offline or the server is down: the device keeps what it has, and the next start or return online tries again
  }
  return publish()
}

let startedOnce = false

/** Reads the device's favourites and follows the session and the network. */
export function startFavourites(): void {
  if (startedOnce) return
  startedOnce = true
  let last = account()
  sessionStore.sub(sessionAtom, () => {
    if (account() === last) return
    last = account()
    void sync()
  })
  window.addEventListener('online', () => void sync())
  void sync()
}

export async function toggleFavourite(ad: PublicAd): Promise<void> {
  startFavourites()
  const who = account()
  const records = await readFavouriteRecords()
  const current = shown(records).find((r) => r.adId === ad.id)
  if (current) {
    if (who === '') await deleteFavouriteRecords([ad.id])
    else await writeFavouriteRecords([{ ...current, pending: 'delete' }])
    await publish()
    if (who !== '')
      await send(
        () => http.delete(FavouritesPaths.one(ad.id)),
        () => deleteFavouriteRecords([ad.id]),
      )
    return
  }
  const record: FavouriteRecord = {
    adId: ad.id,
    savedAt: new Date().toISOString(),
    account: who,
    ad,
    listed: true,
    ...(who === '' ? {} : { pending: 'put' as const }),
  }
  await writeFavouriteRecords([record])
  await publish()
  const photo = await photoOf(ad)
  if (photo) await writeFavouriteRecords([{ ...record, photo }])
  if (who !== '') {
    await send(
      () => http.put(FavouritesPaths.one(ad.id)),
      () => writeFavouriteRecords([{ ...record, photo, pending: undefined }]),
    )
  }
}

/** Sends one change; a refusal the server means (an ad it never had) drops the pending mark too. */
async function send(call: () => Promise<unknown>, done: () => Promise<void>): Promise<void> {
  try {
    await call()
    await done()
  } catch (error) {
    // offline: the record stays pending and the next sync sends it
    if (isApiError(error) && error.status >= 400 && error.status < 500) await done()
  }
}

export async function readFavourites(): Promise<FavouriteRecord[]> {
  return shown(await readFavouriteRecords())
}

/** Starts following the session and the network, and reads the account's list once more. */
export function refreshFavourites(): Promise<void> {
  startFavourites()
  return sync()
}
