import { and, eq } from 'drizzle-orm'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import type { Language } from '#domain/languages.ts'
import type { Db } from '#server/db/client.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { ads } from '#server/db/schema/ads.ts'
import { companionConfirmations } from '#server/db/schema/companion.ts'
import { users } from '#server/db/schema/users.ts'
import { snapshotAd } from '#server/services/reports/ad-snapshots.ts'
import { type HoldActor, holdAds } from '#server/services/reports/holds.ts'

// Adult Companions ads come from verified adults offering their own company only
// (docs/decisions/049-open-in-canada.md): advertising another person's sexual services is an offence
// in Canada, with an immunity only for one's own (Criminal Code s. 286.4, 286.5). Every path that
// creates, edits or publishes such an ad asks `ownerVerifiedNow` inside its own transaction.

export const isCompanionCategory = (category: string): boolean => category === SERVICES_CATEGORY

/**
 * Whether the account is verified (decision 031) as it stands now, reading its user row FOR SHARE:
 * an admin's decision updates that row before the account's ads, so a publish racing a revocation
 * either waits for it and reads the revocation, or commits first and is held by it. Called before
 * the transaction locks any ad row, in the decision's order (user, then ads), so the two never deadlock.
 */
export async function ownerVerifiedNow(tx: Db, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ verifiedAt: users.verifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
  return row?.verifiedAt != null
}

/**
 * Keeps the advertiser's confirmation that they are 18 or older and offer only their own time and
 * company, with its time, the language its words were shown in, and the version of the ad it
 * covers: that version is kept in ad_snapshots (docs/decisions/042-holds-that-hold.md).
 */
export async function recordCompanionConfirmation(
  tx: Db,
  row: AdRow,
  userId: string,
  language: Language,
  now: Date,
): Promise<void> {
  const contentHash = await snapshotAd(tx, row)
  await tx
    .insert(companionConfirmations)
    .values({ adId: row.id, userId, contentHash, language, confirmedAt: now })
}

/**
 * Holds the account's listed Adult Companions ads when its verification is revoked, in the
 * revocation's transaction; they stay held until an admin releases them (once verified again).
 */
export async function holdCompanionAds(
  tx: Db,
  userId: string,
  actor: HoldActor,
  reason: string,
  now: Date,
): Promise<string[]> {
  const rows = await tx
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.ownerId, userId), eq(ads.category, SERVICES_CATEGORY), eq(ads.demo, false)))
  const why = reason === '' ? 'verification revoked' : `verification revoked: ${reason}`
  return holdAds(
    tx,
    rows.map((r) => r.id),
    { category: 'unverified', why, holdReason: why, actor },
    now,
  )
}
