// Where an ad's stored media reference is served from. A seeded demo ad stores stock paths
// ('/stock/…', served by the PWA); every other ad stores media ids, served under /media/ by
// src/server/routes/media-files.ts. One module so the list, the detail, the owner's view, the upload
// answer and the file route agree on the URL scheme (docs/decisions/011-media-storage.md).

export const MEDIA_URL_PREFIX = '/media/'

/** The WebP widths every photo is stored at (never upscaled: a small photo's variants are its own width). */
export const PHOTO_WIDTHS = [320, 640, 1280] as const
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number]
/** The variant `images[]` and `src` point at: sharp on a card, fine in the dialog on a phone. */
export const DEFAULT_PHOTO_WIDTH: PhotoWidth = 640
/** The path segment of a video's file. */
export const VIDEO_VARIANT = 'video'

export function isStockPath(ref: string): boolean {
  return ref.startsWith('/')
}

export function photoUrl(ref: string, width: PhotoWidth = DEFAULT_PHOTO_WIDTH): string {
  return isStockPath(ref) ? ref : `${MEDIA_URL_PREFIX}${encodeURIComponent(ref)}/${width}.webp`
}

export function videoUrl(ref: string): string {
  return isStockPath(ref) ? ref : `${MEDIA_URL_PREFIX}${encodeURIComponent(ref)}/${VIDEO_VARIANT}`
}

export function photoUrls(refs: readonly string[]): string[] {
  return refs.map((ref) => photoUrl(ref))
}

export function videoUrls(refs: readonly string[]): string[] {
  return refs.map(videoUrl)
}

/** The width each stored variant really has, for a photo `width` pixels wide (after EXIF rotation). */
export function variantWidth(target: PhotoWidth, width: number): number {
  return width > 0 ? Math.min(target, width) : target
}

/** `srcset` of an uploaded photo: each distinct stored width once ('' for stock paths). */
export function photoSrcSet(ref: string, width: number): string {
  if (isStockPath(ref)) return ''
  const seen = new Set<number>()
  const parts: string[] = []
  for (const target of PHOTO_WIDTHS) {
    const actual = variantWidth(target, width)
    if (seen.has(actual)) continue
    seen.add(actual)
    parts.push(`${photoUrl(ref, target)} ${actual}w`)
  }
  return parts.join(', ')
}

/** Every stock picture is a 400 × 300 SVG (scripts/make-stock-images.ts writes them). */
export const STOCK_PHOTO_SIZE = { width: 400, height: 300 } as const
