// Each ad's permanent page: /ca/{province}/{category}/{id}-{slug}. The id alone finds the ad (ids are
// 12 characters of [0-9a-z], never a '-', src/server/db/schema/ads.ts); the slug is the title made
// readable for people and search engines, and a stale one (the title was edited) still opens the ad,
// whose page then names the current URL as canonical (docs/decisions/017-pages.md).
import type { CategoryKey } from './categories.ts'
import { foldAccents } from './fold-accents.ts'
import type { ProvinceCode } from './provinces.ts'

/** At most this many characters of the title in a URL: enough to read, short enough to share. */
const SLUG_MAX = 60

/** "Lingérie & Corsets — Montréal!" → "lingerie-corsets-montreal"; "ad" when nothing is left. */
export function slugify(title: string): string {
  const slug = foldAccents(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  return slug || 'ad'
}

export interface AdPathParts {
  id: string
  title: string
  province: ProvinceCode
  category: CategoryKey
}

export function adPath(ad: AdPathParts): string {
  return `/ca/${ad.province}/${ad.category}/${ad.id}-${slugify(ad.title)}`
}

const AD_ID = /^[0-9a-z]{1,40}$/

/** The ad id in an `{id}-{slug}` path segment ("k3j9x0a1b2c3-red-corset" → "k3j9x0a1b2c3"), or null. */
export function adIdFromSegment(segment: string): string | null {
  const id = segment.split('-', 1)[0] ?? ''
  return AD_ID.test(id) ? id : null
}
