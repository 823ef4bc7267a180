// The stock pictures in public/stock/, four per category: the demo ads show them, and an ad posted
// without a photo borrows one (client/lib/ad-image.ts).
import type { CategoryKey } from './categories.ts'

export const STOCK_IMAGES_PER_CATEGORY = 4

/** The path of one of the category's stock pictures; any index picks one, cycling through the set. */
export function stockImage(category: CategoryKey, index: number): string {
  return `/stock/${category}-${(index % STOCK_IMAGES_PER_CATEGORY) + 1}.svg`
}
