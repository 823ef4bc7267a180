import { type AnyColumn, and, arrayOverlaps, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm'
import { isStockPath } from '#domain/media-urls.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { adSnapshots } from '#server/db/schema/reports.ts'
import { mediaIndexFor } from '#server/services/media/ad-media.ts'
import { adContent, contentHash, textHash } from './ad-fingerprint.ts'

// The versions of an ad kept for its review, and the copy rule that reads them
// (docs/decisions/042-holds-that-hold.md). Both run inside the caller's transaction, passed as a Db
// (a transaction handle is one; the payment paths hold theirs so, ad-payments.ts).

/**
 * An ad held, or removed by an admin or while held: its versions are what a new ad may not copy, and
 * their media stay private. An ad its owner simply deleted is not: deleting an ad and posting it again
 * is ordinary. Written once, for the ads table under any name a query gives it.
 */
const flaggedIn = (table: string): SQL =>
  sql.raw(
    `(${table}.status = 'held' or (${table}.status = 'removed' and (${table}.removal_reason is not null or ${table}.held_at is not null)))`,
  )
const flaggedAd = flaggedIn('"ads"')

/**
 * Whether a kept version of a held or removed ad names this media id (042): its file stays private
 * wherever it is attached, or not. With `orReported`, also a version of an ad with open reports: what
 * the abandoned-upload sweep must keep for the review.
 */
export function namedByFlaggedVersion(mediaId: SQL | AnyColumn, orReported = false): SQL<boolean> {
  const reported = orReported
    ? sql`or exists (select 1 from ad_reports r where r.ad_id = f.id and r.resolved_at is null)`
    : sql``
  return sql<boolean>`exists (select 1 from ad_snapshots s join ads f on f.id = s.ad_id
    where s.media_ids @> array[${mediaId}]::text[]
      and (${flaggedIn('f')} ${reported}))`
}

/** The uploads an ad names (stock paths of demo ads are no uploads). */
const uploads = (row: Pick<AdRow, 'images' | 'videos'>) =>
  [...row.images, ...row.videos].filter((ref) => !isStockPath(ref))

/** The content keys of an ad's photo and video files: the same file uploaded again has the same key. */
async function storageKeysOf(tx: Db, rows: readonly AdRow[]): Promise<Map<string, string[]>> {
  const index = await mediaIndexFor(tx, rows)
  return new Map(rows.map((row) => [row.id, uploads(row).flatMap((id) => index.get(id)?.storageKeys ?? [])]))
}

/**
 * Keeps what each of these ads shows now, once per distinct content, and returns each ad's content
 * hash (ads that do not exist are left out).
 */
export async function snapshotAds(tx: Db, rows: readonly AdRow[]): Promise<Map<string, string>> {
  const hashes = new Map<string, string>()
  if (rows.length === 0) return hashes
  const keys = await storageKeysOf(tx, rows)
  for (const row of rows) {
    const content = adContent(row)
    const hash = contentHash(content)
    hashes.set(row.id, hash)
    await tx
      .insert(adSnapshots)
      .values({
        adId: row.id,
        contentHash: hash,
        textHash: textHash(content),
        content,
        mediaIds: uploads(row),
        storageKeys: keys.get(row.id) ?? [],
      })
      .onConflictDoNothing()
  }
  return hashes
}

/** Keeps what one ad shows now; returns its content hash. */
export async function snapshotAd(tx: Db, row: AdRow): Promise<string> {
  const hash = (await snapshotAds(tx, [row])).get(row.id)
  if (hash === undefined) throw new Error('snapshot was not kept')
  return hash
}

/** The same, for ads named by id. */
export async function snapshotAdIds(tx: Db, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map()
  return snapshotAds(
    tx,
    await tx
      .select()
      .from(ads)
      .where(inArray(ads.id, [...ids])),
  )
}

/**
 * The held or removed ad this one copies, if any: a kept version with the same words (textHash), or
 * with a photo or video file in common. Reads the few flagged ads' versions through their indexes.
 */
export async function copiedAd(tx: Db, row: AdRow): Promise<string | null> {
  const text = textHash(adContent(row))
  const files = (await storageKeysOf(tx, [row])).get(row.id) ?? []
  const sameFile = files.length > 0 ? arrayOverlaps(adSnapshots.storageKeys, files) : sql`false`
  const [found] = await tx
    .select({ id: adSnapshots.adId })
    .from(adSnapshots)
    .innerJoin(ads, eq(ads.id, adSnapshots.adId))
    .where(and(ne(adSnapshots.adId, row.id), flaggedAd, or(eq(adSnapshots.textHash, text), sameFile)))
    .limit(1)
  return found?.id ?? null
}
