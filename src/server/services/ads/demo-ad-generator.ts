// The demo ads the server seeds (demo-ads.ts, docs/decisions/010-ads-on-the-server.md): 10 per
// province per category, posted one hour apart, priced by fixed formulas (chosen when ads lived in the
// browser: docs/decisions/009-browser-ads-and-generated-ads.md). The generator is deterministic (no clock,
// no randomness), so every start, every process and every test seeds the same ads under the same ids.
import type { Ad } from '#domain/ad.ts'
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import { CATEGORIES, COMPANION_LABELS, COMPANION_TYPES } from '#domain/categories.ts'
import type { PriceUnit } from '#domain/constants.ts'
import { cityNameIn, FRENCH_COMPANION_LABELS, FRENCH_PROVINCE_NAMES } from '#domain/french-names.ts'
import type { Language } from '#domain/languages.ts'
import type { Province } from '#domain/provinces.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { stockImage } from '#domain/stock-images.ts'
import { copyFor, type DemoAdCopy } from './demo-ad-copy.ts'

export const DEMO_ADS_PER_GROUP = 10

/**
 * The newest demo ad's posting time. A fixed instant rather than "now", so a demo ad's rank never
 * changes between starts; it lies in the past, so the ads people post always rank above the demo ones.
 */
export const DEMO_ADS_ANCHOR = '2026-11-01T12:00:00.000Z'

// the generated id names the ad's province, category and place; demoAdId (demo-ads.ts) hashes it into
// the row's id, so changing it would seed every demo ad again under new ids
const GENERATED_ID_PREFIX = 'gen-'
const HOUR_MS = 3_600_000

/** The price formulas, in CAD dollars, for the index of an ad within its group (0..9). */
export function demoPrice(category: CategoryKey, index: number): number {
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

function descriptionFor(
  copy: DemoAdCopy,
  category: CategoryKey,
  province: Province,
  city: string,
  escortType: CompanionType | null,
  language: Language,
) {
  if (language === 'fr') {
    const where = `${cityNameIn(city, 'fr')}, ${FRENCH_PROVINCE_NAMES[province.code] ?? province.name}`
    if (category === 'adult-services' && escortType)
      return `${FRENCH_COMPANION_LABELS[escortType]} à ${where}. ${copy.description} Compagnie adulte (18+) légale et consentante seulement.`
    return `${copy.description} À ${where}.`
  }
  const where = `${city}, ${province.name}`
  if (category === 'adult-services' && escortType) {
    return `${COMPANION_LABELS[escortType]} in ${where}. ${copy.description} Legal, consensual adult (18+) company only.`
  }
  return `${copy.description} Based in ${where}.`
}

/**
 * Builds one demo ad. `group` numbers the province×category pairs (0..51) so neighbouring
 * provinces show different copy and different verified ads; `index` is the ad's place in its group
 * (0..9), which the price formulas use.
 */
function demoAd(
  province: Province,
  category: CategoryKey,
  group: number,
  index: number,
  anchorMs: number,
  language: Language,
): Ad {
  const escortType = category === 'adult-services' ? (COMPANION_TYPES[index % 3] as CompanionType) : null
  // cities is never empty (1 to 7 per province)
  const city = province.cities[index % province.cities.length] as string
  const copy = copyFor(category, index + group * 3, language)
  return {
    id: `${GENERATED_ID_PREFIX}${province.code}-${category}-${index}`,
    title: `${copy.title} – ${cityNameIn(city, language)}`,
    category,
    escortType,
    province: province.code,
    city,
    price: demoPrice(category, index),
    priceUnit: PRICE_UNIT[category],
    description: descriptionFor(copy, category, province, city, escortType, language),
    images: [stockImage(category, index + group)],
    videos: [],
    // two of every five consecutive indexes: exactly 4 of 10 per group, 40% overall
    verified: (index + group) % 5 < 2,
    postedAt: new Date(anchorMs - index * HOUR_MS).toISOString(),
    contact: null,
  }
}

/**
 * All demo ads, province by province, category by category, newest first within a group; their
 * title and description in `language` (the rows hold English; French is shown from this, 065).
 */
export function generateDemoAds(anchor: string = DEMO_ADS_ANCHOR, language: Language = 'en'): Ad[] {
  const anchorMs = Date.parse(anchor)
  const ads: Ad[] = []
  let group = 0
  for (const province of PROVINCES) {
    for (const category of CATEGORIES) {
      for (let index = 0; index < DEMO_ADS_PER_GROUP; index++) {
        ads.push(demoAd(province, category.key, group, index, anchorMs, language))
      }
      group++
    }
  }
  return ads
}

let cached: readonly Ad[] | undefined

/** The demo ads, built once per process: they never change, so every caller shares one list. */
export function demoAds(): readonly Ad[] {
  cached ??= Object.freeze(generateDemoAds())
  return cached
}
