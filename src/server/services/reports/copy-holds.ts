import { eq } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { copiedAd } from './ad-snapshots.ts'
import { holdAds, SYSTEM } from './holds.ts'

/**
 * Holds a listed ad that copies a held or removed one (the same words, or a photo or video file in
 * common: ad-snapshots.ts), inside the transaction that published, renewed or edited it: an ad taken
 * down cannot come back by being posted again, by its owner or anyone (docs/decisions/042-holds-that-hold.md).
 * Returns the held row, or null when the ad is no copy (or not listed).
 */
export async function holdIfCopy(tx: Db, row: AdRow, now: Date = new Date()): Promise<AdRow | null> {
  if (effectiveStatus(row, now) !== 'live') return null
  const original = await copiedAd(tx, row)
  if (original === null) return null
  const why = `copy of ad ${original}, held or removed`
  const held = await holdAds(tx, [row.id], { category: 'copy', why, holdReason: why, actor: SYSTEM }, now)
  if (held.length === 0) return null
  const [after] = await tx.select().from(ads).where(eq(ads.id, row.id))
  return after ?? null
}
