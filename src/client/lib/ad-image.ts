import type { Ad } from '#domain/ad.ts'
import { STOCK_IMAGES_PER_CATEGORY, stockImage } from '#domain/stock-images.ts'

/** A small stable number from an ad's id: the same ad always gets the same stock picture. */
function idHash(id: string): number {
  let hash = 0
  for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) >>> 0
  return hash
}

/**
 * The ad's first photo, or one of its category's stock pictures when the user posted none: chosen
 * from the id, so photo-less ads side by side on a listing do not all show the same picture.
 */
export function adImage(ad: Pick<Ad, 'id' | 'images' | 'category'>): string {
  return ad.images[0] ?? stockImage(ad.category, idHash(ad.id) % STOCK_IMAGES_PER_CATEGORY)
}
