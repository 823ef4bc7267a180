import { randomBytes } from 'node:crypto'
import { and, arrayOverlaps, asc, eq, inArray, isNull, lt, not, sql } from 'drizzle-orm'
import { UNATTACHED_UPLOAD_TTL_MS } from '#domain/constants.ts'
import type { Db } from '#server/db/client.ts'
import { type MediaRow, media } from '#server/db/schema/media.ts'
import { verificationRequests } from '#server/db/schema/verifications.ts'
import { ApiError } from '#server/errors.ts'
import { namedByFlaggedVersion } from '#server/services/reports/ad-snapshots.ts'
import { isWellFormedVideo } from './check-video.ts'
import { fileSha256, keyFor, sha256Hex } from './media-keys.ts'
import type { MediaStore } from './media-store.ts'
import { processPhoto } from './process-photo.ts'
import type { ReceivedUpload } from './receive-upload.ts'
import { stripVideoMetadata } from './strip-video-metadata.ts'
import { stripWebmMetadata } from './strip-webm-metadata.ts'

// one sweep deletes at most this many rows, so a backlog never holds the database for long
const SWEEP_BATCH = 500

/** 16 random bytes in base64url: 22 URL-safe characters, unguessable. */
export function newMediaId(): string {
  return randomBytes(16).toString('base64url')
}

interface StoredFiles {
  keys: string[]
  bytes: number
}

/**
 * Media rows and their files together: an upload becomes files then a row; deleting rows deletes
 * each file no other row still names (files are shared by content, media-keys.ts).
 */
export class MediaLibrary {
  constructor(
    private readonly db: Db,
    readonly store: MediaStore,
    /** what one account's media rows may hold in all (docs/decisions/063-media-quota.md) */
    readonly quotaBytes: number = Number.POSITIVE_INFINITY,
  ) {}

  /** The bytes an account's media rows hold now. */
  async usedBytes(ownerId: string, db: Db = this.db): Promise<number> {
    const [row] = await db
      .select({ used: sql<string>`coalesce(sum(${media.bytes}), 0)` })
      .from(media)
      .where(eq(media.ownerId, ownerId))
    return Number(row?.used ?? 0)
  }

  private overQuota(): ApiError {
    return new ApiError(413, 'media.quota_exceeded', { max: Math.floor(this.quotaBytes / 1024 / 1024) })
  }

  private async storePhoto(
    path: string,
    ownerId: string,
  ): Promise<StoredFiles & { width: number; height: number; placeholder: string }> {
    const photo = await processPhoto(path, ownerId)
    const unique = new Map<string, Buffer>()
    const keys = photo.variants.map((bytes) => {
      const key = keyFor(sha256Hex(bytes), 'webp')
      unique.set(key, bytes)
      return key
    })
    await this.putAll([...unique].map(([key, bytes]) => ({ key, bytes })))
    const bytes = [...unique.values()].reduce((sum, b) => sum + b.length, 0)
    return { keys, bytes, width: photo.width, height: photo.height, placeholder: photo.placeholder }
  }

  /** Puts files one by one; if one fails, the ones already put go again unless another row names them. */
  private async putAll(files: { key: string; bytes: Buffer }[]): Promise<void> {
    const done: string[] = []
    try {
      for (const file of files) {
        await this.store.put(file.key, file.bytes, 'image/webp')
        done.push(file.key)
      }
    } catch (error) {
      await this.deleteUnreferenced(done)
      throw error
    }
  }

  /** Stores an upload (photos re-encoded, videos as they are) and records it for its owner. */
  async create(ownerId: string, upload: ReceivedUpload): Promise<MediaRow> {
    // refused before any work when the account has no room left; the exact check is the insert's
    if ((await this.usedBytes(ownerId)) >= this.quotaBytes) throw this.overQuota()
    let values: typeof media.$inferInsert
    if (upload.type.kind === 'photo') {
      const stored = await this.storePhoto(upload.path, ownerId)
      values = {
        id: newMediaId(),
        ownerId,
        kind: 'photo',
        contentType: 'image/webp',
        storageKeys: stored.keys,
        width: stored.width,
        height: stored.height,
        placeholder: stored.placeholder,
        bytes: stored.bytes,
        // every photo waits for an admin; its owner's verification decides whether it shows meanwhile
        // (docs/decisions/032-photo-review.md)
        review: 'pending',
      }
    } else {
      // a phone's MP4 says where it was filmed and on what, a WebM's tags and Info the same: blanked
      // in the upload's own temp copy before anything is stored; its key is the hash of what is
      // stored (docs/decisions/032-photo-review.md)
      // a file not built like the video it claims is refused, not hosted (check-video.ts)
      if (!(await isWellFormedVideo(upload.path, upload.type.format)))
        throw new ApiError(415, 'media.video_unreadable')
      const strip = upload.type.format === 'mp4' ? stripVideoMetadata : stripWebmMetadata
      const stripped = (await strip(upload.path)).changed
      const sha256 = stripped ? await fileSha256(upload.path) : upload.sha256
      const key = keyFor(sha256, upload.type.format)
      await this.store.put(key, { path: upload.path, size: upload.size }, upload.type.contentType)
      values = {
        id: newMediaId(),
        ownerId,
        kind: 'video',
        contentType: upload.type.contentType,
        storageKeys: [key],
        bytes: upload.size,
        // reviewed like a photo: an unverified owner's video shows to no one else until approved
        // (docs/decisions/064-video-review.md)
        review: 'pending',
      }
    }
    const bytes = values.bytes ?? 0
    try {
      // one account's uploads are recorded one at a time, so parallel uploads cannot each find room
      // that only one of them has
      return await this.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`media-quota:${ownerId}`}))`)
        if ((await this.usedBytes(ownerId, tx)) + bytes > this.quotaBytes) throw this.overQuota()
        const [row] = await tx.insert(media).values(values).returning()
        if (!row) throw new Error('media row was not written')
        return row
      })
    } catch (error) {
      await this.deleteUnreferenced(values.storageKeys)
      throw error
    }
  }

  async find(id: string): Promise<MediaRow | null> {
    const [row] = await this.db.select().from(media).where(eq(media.id, id))
    return row ?? null
  }

  /** The rows behind these ids (missing ones are simply absent), by id. */
  async byIds(ids: readonly string[]): Promise<Map<string, MediaRow>> {
    const unique = [...new Set(ids)]
    if (unique.length === 0) return new Map()
    const rows = await this.db.select().from(media).where(inArray(media.id, unique))
    return new Map(rows.map((row) => [row.id, row]))
  }

  /**
   * Deletes each file that no media row names any more. Racing an identical upload between the
   * check and the delete could drop a file that upload just shared; docs/decisions/011-media-storage.md
   * accepts that rare loss rather than hold a lock across object-storage calls.
   */
  async deleteUnreferenced(keys: readonly string[]): Promise<void> {
    const unique = [...new Set(keys)]
    if (unique.length === 0) return
    const still = await this.db
      .select({ keys: media.storageKeys })
      .from(media)
      .where(arrayOverlaps(media.storageKeys, unique))
    const named = new Set(still.flatMap((row) => row.keys))
    for (const key of unique) if (!named.has(key)) await this.store.delete(key)
  }

  async deleteRows(rows: readonly MediaRow[]): Promise<number> {
    if (rows.length === 0) return 0
    const ids = rows.map((row) => row.id)
    const deleted = await this.db.delete(media).where(inArray(media.id, ids)).returning()
    await this.deleteUnreferenced(deleted.flatMap((row) => row.storageKeys))
    return deleted.length
  }

  /** A removed ad's media: rows and (unshared) files go at once. */
  async deleteForAd(adId: string): Promise<number> {
    return this.deleteRows(await this.db.select().from(media).where(eq(media.adId, adId)))
  }

  /** Uploads no ad claimed within UNATTACHED_UPLOAD_TTL_MS of `now`: returns how many went. */
  async sweepOrphans(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS)
    let total = 0
    for (;;) {
      const rows = await this.db
        .select()
        .from(media)
        // a reported version's media stay for the review (docs/decisions/042-holds-that-hold.md)
        .where(
          and(isNull(media.adId), lt(media.createdAt, cutoff), not(namedByFlaggedVersion(media.id, true))),
        )
        .orderBy(asc(media.createdAt))
        .limit(SWEEP_BATCH)
      total += await this.deleteRows(rows)
      if (rows.length < SWEEP_BATCH) return total
    }
  }

  /**
   * Every key named by any row, verification photos' private keys included: what a purge must
   * delete once the rows are gone.
   */
  async allKeys(): Promise<string[]> {
    const rows = await this.db.select({ keys: media.storageKeys }).from(media)
    const requests = await this.db.select({ keys: verificationRequests.photoKeys }).from(verificationRequests)
    return [...new Set([...rows, ...requests].flatMap((row) => row.keys))]
  }
}
