import type { Media } from '#domain/api/media.ts'
import { photoSrcSet, photoUrl, videoUrl } from '#domain/media-urls.ts'
import type { MediaRow } from '#server/db/schema/media.ts'

/** The upload's answer: the id for an ad's lists and the URLs to show the file now. */
export function toMedia(row: MediaRow): Media {
  const photo =
    row.kind === 'photo'
      ? {
          src: photoUrl(row.id),
          srcSet: photoSrcSet(row.id, row.width),
          width: row.width,
          height: row.height,
          placeholder: row.placeholder,
        }
      : null
  return {
    id: row.id,
    kind: row.kind,
    contentType: row.contentType,
    bytes: row.bytes,
    url: photo ? photo.src : videoUrl(row.id),
    photo,
    createdAt: row.createdAt.toISOString(),
  }
}
