import type { Ad } from '#domain/ad.ts'
import { stockImage } from '#domain/mock-ads.ts'

/** The ad's first photo, or its category's stock picture when the user posted none. */
export function adImage(ad: Pick<Ad, 'images' | 'category'>): string {
  return ad.images[0] ?? stockImage(ad.category, 0)
}
