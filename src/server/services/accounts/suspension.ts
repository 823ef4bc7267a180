import { and, eq, isNull } from 'drizzle-orm'
import type { Suspension } from '#domain/api/shared-contacts.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'
import { adminActor, holdAds, releaseAds } from '#server/services/reports/holds.ts'

// Suspending an account (docs/decisions/055-shared-contacts.md): in one transaction the account is
// marked, every listed ad of it held under `suspended`, every session ended, and the audit log told.
// Lifting it releases only the ads the suspension held; a hold for any other reason stays.

/**
 * Whether the account is suspended now, read in the caller's transaction: a payment that settles
 * after the suspension (a crypto invoice opened before it) publishes nothing (ad-payments.ts).
 */
export async function suspendedNow(tx: Db, id: string): Promise<boolean> {
  const [user] = await tx.select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, id))
  return user?.suspendedAt != null
}

/** The account's row, locked: its ads are locked after it, the order every account-wide change takes (049). */
async function lockAccount(tx: Db, id: string) {
  const [user] = await tx
    .select({ id: users.id, suspendedAt: users.suspendedAt })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
  if (!user) throw new ApiError(404, 'account.not_found')
  return user
}

export async function suspendAccount(
  db: Db,
  id: string,
  admin: string,
  reason: string,
  now: Date,
): Promise<Suspension> {
  const held = await db.transaction(async (tx) => {
    const user = await lockAccount(tx, id)
    if (user.suspendedAt) throw new ApiError(409, 'account.already_suspended')
    await tx.update(users).set({ suspendedAt: now, suspensionReason: reason }).where(eq(users.id, id))
    const listed = await tx.select({ id: ads.id }).from(ads).where(eq(ads.ownerId, id))
    const heldIds = await holdAds(
      tx,
      listed.map((ad) => ad.id),
      { category: 'suspended', why: reason, actor: adminActor(admin) },
      now,
    )
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, id), isNull(sessions.revokedAt)))
    await recordAudit(tx, { admin, action: 'account_suspended', target: `user:${id}`, reason })
    changed(tx, 'ads', 'sessions')
    return heldIds.length
  })
  return { id, suspendedAt: now.toISOString(), ads: held }
}

export async function unsuspendAccount(
  db: Db,
  id: string,
  admin: string,
  reason: string,
  now: Date,
): Promise<Suspension> {
  const released = await db.transaction(async (tx) => {
    const user = await lockAccount(tx, id)
    if (!user.suspendedAt) throw new ApiError(409, 'account.not_suspended')
    await tx.update(users).set({ suspendedAt: null, suspensionReason: null }).where(eq(users.id, id))
    const heldBySuspension = await tx
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.ownerId, id), eq(ads.status, 'held'), eq(ads.holdCategory, 'suspended')))
    const releasedIds = await releaseAds(
      tx,
      heldBySuspension.map((ad) => ad.id),
      adminActor(admin),
      reason,
      now,
    )
    await recordAudit(tx, { admin, action: 'account_unsuspended', target: `user:${id}`, reason })
    changed(tx, 'ads')
    return releasedIds.length
  })
  return { id, suspendedAt: null, ads: released }
}
