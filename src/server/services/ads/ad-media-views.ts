import type { PhotoView } from '#domain/api/media.ts'
import { isStockPath, photoSrcSet, photoUrl, STOCK_PHOTO_SIZE, videoUrl } from '#domain/media-urls.ts'
import type { MediaRow } from '#server/db/schema/media.ts'
import type { MediaIndex } from '#server/services/media/ad-media.ts'
import { reviewAllowsPublic } from '#server/services/media/media-privacy.ts'

/**
 * Who reads the ad: a visitor sees the photos the media access check lets anyone fetch; its owner
 * also sees their own photos under review (media-privacy.ts, docs/decisions/032-photo-review.md).
 * `public-unlisted` is the public view of an ad that is not live (only its owner reads it, on the ad
 * page): its uploads are private to every plain <img>, so none is offered (062-public-media.md).
 */
export type AdViewer = 'public' | 'public-unlisted' | 'owner'

export interface AdPhotos {
  photos: PhotoView[]
  /** photos on the ad that this viewer may not see yet: the app shows "Photo under review" */
  underReview: number
}

/** An ad's photos in order: stock paths as they are, uploads with srcset and placeholder. */
export function adPhotos(
  refs: readonly string[],
  media: MediaIndex,
  ownerVerified = false,
  viewer: AdViewer = 'public',
): AdPhotos {
  const photos: PhotoView[] = []
  let underReview = 0
  for (const ref of refs) {
    if (isStockPath(ref)) {
      photos.push({ src: ref, srcSet: '', ...STOCK_PHOTO_SIZE, placeholder: '' })
      continue
    }
    const row = media.get(ref)
    if (row?.kind !== 'photo' || row.review === 'refused') continue
    if (
      viewer === 'public-unlisted' ||
      (viewer === 'public' && !reviewAllowsPublic(row.review, ownerVerified))
    ) {
      underReview += 1
      continue
    }
    photos.push(photoView(ref, row))
  }
  return { photos, underReview }
}

function photoView(ref: string, row: MediaRow): PhotoView {
  return {
    src: photoUrl(ref),
    srcSet: photoSrcSet(ref, row.width),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  }
}

/** An ad's videos this viewer may play: for a visitor, those the review lets anyone see (064). */
export function adVideos(
  refs: readonly string[],
  media: MediaIndex,
  ownerVerified = false,
  viewer: AdViewer = 'public',
): string[] {
  return refs
    .filter((ref) => {
      if (isStockPath(ref)) return true
      const row = media.get(ref)
      if (row?.kind !== 'video' || row.review === 'refused') return false
      if (viewer === 'owner') return true
      return viewer === 'public' && reviewAllowsPublic(row.review, ownerVerified)
    })
    .map(videoUrl)
}
