import type { PhotoView } from '#domain/api/media.ts'
import { isStockPath, photoSrcSet, photoUrl, STOCK_PHOTO_SIZE, videoUrl } from '#domain/media-urls.ts'
import type { MediaIndex } from '#server/services/media/ad-media.ts'

/** An ad's photos in order: stock paths as they are, uploads with srcset and placeholder. */
export function adPhotos(refs: readonly string[], media: MediaIndex): PhotoView[] {
  const photos: PhotoView[] = []
  for (const ref of refs) {
    if (isStockPath(ref)) {
      photos.push({ src: ref, srcSet: '', ...STOCK_PHOTO_SIZE, placeholder: '' })
      continue
    }
    const row = media.get(ref)
    if (row?.kind !== 'photo') continue
    photos.push({
      src: photoUrl(ref),
      srcSet: photoSrcSet(ref, row.width),
      width: row.width,
      height: row.height,
      placeholder: row.placeholder,
    })
  }
  return photos
}

export function adVideos(refs: readonly string[], media: MediaIndex): string[] {
  return refs.filter((ref) => isStockPath(ref) || media.get(ref)?.kind === 'video').map(videoUrl)
}
