import { and, eq, inArray, isNull, notInArray, or } from 'drizzle-orm'
import type { MediaKind } from '#domain/api/media.ts'
import type { Db } from '#server/db/client.ts'
import { type MediaRow, media } from '#server/db/schema/media.ts'
import { ApiError } from '#server/errors.ts'

export type MediaIndex = ReadonlyMap<string, MediaRow>
export const NO_MEDIA: MediaIndex = new Map()

/** The media rows an ad's lists name, for the views (one query for a whole page of ads). */
export async function mediaIndexFor(db: Db, ads: readonly { images: string[]; videos: string[] }[]) {
  // stock paths of demo ads start with '/', media ids never do
  const ids = [...new Set(ads.flatMap((ad) => [...ad.images, ...ad.videos]))].filter(
    (id) => !id.startsWith('/'),
  )
  if (ids.length === 0) return NO_MEDIA
  const rows = await db.select().from(media).where(inArray(media.id, ids))
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Refuses (422) lists naming media the caller did not upload, of the wrong kind, already used by
 * another ad, or twice. Unknown and other people's ids get the same answer, so ids cannot be probed.
 */
export async function checkAdMedia(
  db: Db,
  ownerId: string,
  lists: { images?: string[] | undefined; videos?: string[] | undefined },
  adId: string | null,
): Promise<void> {
  const wanted: [string, MediaKind][] = [
    ...(lists.images ?? []).map((id): [string, MediaKind] => [id, 'photo']),
    ...(lists.videos ?? []).map((id): [string, MediaKind] => [id, 'video']),
  ]
  if (wanted.length === 0) return
  if (new Set(wanted.map(([id]) => id)).size !== wanted.length) throw new ApiError(422, 'media.repeated')
  const index = await mediaIndexFor(db, [{ images: wanted.map(([id]) => id), videos: [] }])
  for (const [id, kind] of wanted) {
    const row = index.get(id)
    if (!row || row.ownerId !== ownerId) throw new ApiError(422, 'media.not_yours', { id })
    if (row.kind !== kind)
      throw new ApiError(422, row.kind === 'photo' ? 'media.photo_in_videos' : 'media.video_in_images', {
        id,
      })
    if (row.adId !== null && row.adId !== adId) throw new ApiError(422, 'media.taken', { id })
  }
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * Makes exactly `ids` the ad's media, inside the ad's own transaction. Media dropped from the ad
 * become unattached and the orphan clean-up deletes them (media-cleanup.ts). The guarded update
 * repeats checkAdMedia's rule, so a race between two ads for one upload cannot give it to both.
 */
export async function attachAdMedia(
  tx: Tx,
  ownerId: string,
  adId: string,
  ids: readonly string[],
): Promise<void> {
  const detach =
    ids.length > 0 ? and(eq(media.adId, adId), notInArray(media.id, [...ids])) : eq(media.adId, adId)
  await tx.update(media).set({ adId: null }).where(detach)
  if (ids.length === 0) return
  const attached = await tx
    .update(media)
    .set({ adId })
    .where(
      and(
        inArray(media.id, [...ids]),
        eq(media.ownerId, ownerId),
        or(isNull(media.adId), eq(media.adId, adId)),
      ),
    )
    .returning({ id: media.id })
  if (attached.length !== new Set(ids).size) throw new ApiError(422, 'media.taken_meanwhile')
}
