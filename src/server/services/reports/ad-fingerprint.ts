import { createHash } from 'node:crypto'
import type { AdSnapshotContent } from '#domain/api/reports.ts'
import { foldAccents } from '#domain/fold-accents.ts'
import type { AdRow } from '#server/db/schema/ads.ts'

// What an ad says to a visitor, and the two hashes the hold rules compare it by
// (docs/decisions/042-holds-that-hold.md). Pure, so the rule is tested apart from the database.

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** Every field a visitor reads of the ad (contact details included), and its media in order. */
export function adContent(row: AdRow): AdSnapshotContent {
  return {
    title: row.title,
    description: row.description,
    category: row.category,
    escortType: row.escortType,
    province: row.province,
    city: row.city,
    priceCents: row.priceCents,
    priceUnit: row.priceUnit,
    contact: {
      phone: row.contactPhone,
      email: row.contactEmail,
      website: row.contactWebsite,
      handle: row.contactHandle,
      platform: row.contactPlatform,
    },
    images: row.images,
    videos: row.videos,
  }
}

/** The hash of one content: any change a visitor could see gives another (a dismissal judged one). */
export function contentHash(content: AdSnapshotContent): string {
  return sha256(JSON.stringify(content))
}

/**
 * The hash of the ad's words as a copy would repeat them: title and description in lower case, without
 * accents, punctuation or spacing, so a copy cannot escape by a capital, a comma or a double space.
 */
export function textHash(content: Pick<AdSnapshotContent, 'title' | 'description'>): string {
  const words = (text: string) =>
    foldAccents(text.normalize('NFKC'))
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  return sha256(`${words(content.title)}\n${words(content.description)}`)
}
