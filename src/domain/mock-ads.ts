// The generated ads (docs/decisions/009-browser-ads-and-generated-ads.md): 10 per province per category,
// posted one hour apart, priced by fixed formulas. The generator is deterministic (no clock, no randomness)
// so the same ads appear online and offline, in the service-worker cache, on every device and in tests.
import type { Ad } from './ad.ts'
import { GENERATED_AD_ID_PREFIX } from './ad-facts.ts'
import type { CategoryKey, CompanionType } from './categories.ts'
import { CATEGORIES, COMPANION_LABELS, COMPANION_TYPES } from './categories.ts'
import type { PriceUnit } from './constants.ts'
import { copyFor, type MockAdCopy } from './mock-ad-copy.ts'
import type { Province } from './provinces.ts'
import { PROVINCES } from './provinces.ts'

export const MOCK_ADS_PER_GROUP = 10

/**
 * The newest generated ad's posting time. A fixed instant rather than "now": ads anchored to the
 * clock would change their dates (and their order against the user's own ads) on every load and
 * differ between the online page and its offline copy; a fixed anchor keeps them identical
 * everywhere. It lies in the past so ads the user posts or bumps always sort as newer.
 */
export const MOCK_ADS_ANCHOR = '2026-11-01T12:00:00.000Z'

const HOUR_MS = 3_600_000
export const STOCK_IMAGES_PER_CATEGORY = 4

/** The price formulas, in CAD dollars, for the index of an ad within its group (0..9). */
export function mockPrice(category: CategoryKey, index: number): number {
  switch (category) {
    case 'adult-services':
      return 120 + 20 * (index % 5)
    case 'adult-buy-sell':
      return 40 + 15 * (index % 7)
    case 'adult-pics-vids':
      return 25 + 10 * (index % 5)
    case 'adult-castings':
      return 0
  }
}

const PRICE_UNIT: Record<CategoryKey, PriceUnit> = {
  'adult-services': 'per_hour',
  'adult-buy-sell': 'per_unit',
  'adult-pics-vids': 'per_set',
  'adult-castings': 'per_unit',
}

/** One stock illustration per ad, cycling through the category's set in public/stock/. */
export function stockImage(category: CategoryKey, index: number): string {
  return `/stock/${category}-${(index % STOCK_IMAGES_PER_CATEGORY) + 1}.svg`
}

function descriptionFor(
  copy: MockAdCopy,
  category: CategoryKey,
  province: Province,
  city: string,
  escortType: CompanionType | null,
) {
  const where = `${city}, ${province.name}`
  if (category === 'adult-services' && escortType) {
    return `${COMPANION_LABELS[escortType]} in ${where}. ${copy.description} Legal, consensual adult (18+) company only.`
  }
  return `${copy.description} Based in ${where}.`
}

/**
 * Builds one generated ad. `group` numbers the province×category pairs (0..51) so neighbouring
 * provinces show different copy and different verified ads; `index` is the ad's place in its group
 * (0..9), which the price formulas use.
 */
function mockAd(
  province: Province,
  category: CategoryKey,
  group: number,
  index: number,
  anchorMs: number,
): Ad {
  const escortType = category === 'adult-services' ? (COMPANION_TYPES[index % 3] as CompanionType) : null
  // cities is never empty (1 to 7 per province)
  const city = province.cities[index % province.cities.length] as string
  const copy = copyFor(category, index + group * 3)
  return {
    id: `${GENERATED_AD_ID_PREFIX}${province.code}-${category}-${index}`,
    title: `${copy.title} – ${city}`,
    category,
    escortType,
    province: province.code,
    city,
    price: mockPrice(category, index),
    priceUnit: PRICE_UNIT[category],
    description: descriptionFor(copy, category, province, city, escortType),
    images: [stockImage(category, index + group)],
    videos: [],
    // two of every five consecutive indexes: exactly 4 of 10 per group, 40% overall
    verified: (index + group) % 5 < 2,
    postedAt: new Date(anchorMs - index * HOUR_MS).toISOString(),
    contact: null,
  }
}

/** All generated ads, province by province, category by category, newest first within a group. */
export function generateMockAds(anchor: string = MOCK_ADS_ANCHOR): Ad[] {
  const anchorMs = Date.parse(anchor)
  const ads: Ad[] = []
  let group = 0
  for (const province of PROVINCES) {
    for (const category of CATEGORIES) {
      for (let index = 0; index < MOCK_ADS_PER_GROUP; index++) {
        ads.push(mockAd(province, category.key, group, index, anchorMs))
      }
      group++
    }
  }
  return ads
}

let cached: readonly Ad[] | undefined

/** The generated ads, built once per page: they never change, so every caller shares one list. */
export function mockAds(): readonly Ad[] {
  cached ??= Object.freeze(generateMockAds())
  return cached
}
