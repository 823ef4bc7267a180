import { eq } from 'drizzle-orm'
import type { MediaReview } from '#domain/api/media.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { type MediaRow, media } from '#server/db/schema/media.ts'
import { users } from '#server/db/schema/users.ts'
import type { SessionCaches } from '#server/services/accounts/session-cache.ts'
import { findAdminBySessionToken, findUserBySessionToken } from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'
import { namedByFlaggedVersion } from '#server/services/reports/ad-snapshots.ts'

// The one media access check: who may fetch a media file. Its owner and the admins always may;
// anyone else only when both halves allow it:
// - its ad is not held or removed (docs/decisions/033-reports-that-cost.md), and no kept version of
//   a held or removed ad names it, wherever it is attached now (042-holds-that-hold.md);
// - it is not a photo under review from an unverified owner, nor a refused one
//   (docs/decisions/032-photo-review.md; a verified owner's photo shows before its review).
// To anyone else a private file answers 404, as if it did not exist.

const PRIVATE_STATUSES: ReadonlySet<string> = new Set(['held', 'removed'])

/** Whether a photo in this review state shows to visitors: `ownerVerified` is users.verified_at set. */
export function reviewAllowsPublic(review: MediaReview, ownerVerified: boolean): boolean {
  return review === 'approved' || (review === 'pending' && ownerVerified)
}

/** The pure rule, for the file route and for tests. */
export function isPrivateMedia(input: {
  adStatus: string | null
  review: MediaReview
  ownerVerified: boolean
  /** a kept version of a held or removed ad names it */
  heldElsewhere?: boolean
}): boolean {
  if (input.heldElsewhere) return true
  if (input.adStatus !== null && PRIVATE_STATUSES.has(input.adStatus)) return true
  return !reviewAllowsPublic(input.review, input.ownerVerified)
}

export interface ServableMedia {
  row: MediaRow
  /** only the owner and the admins may fetch it */
  private: boolean
}

/** The media row behind an id, and whether it is private, in one query. */
export async function findServableMedia(db: Db, id: string): Promise<ServableMedia | null> {
  const [found] = await db
    .select({
      row: media,
      status: ads.status,
      ownerVerifiedAt: users.verifiedAt,
      heldElsewhere: namedByFlaggedVersion(media.id),
    })
    .from(media)
    .leftJoin(ads, eq(ads.id, media.adId))
    .leftJoin(users, eq(users.id, media.ownerId))
    .where(eq(media.id, id))
  if (!found) return null
  const isPrivate = isPrivateMedia({
    adStatus: found.status,
    review: found.row.review,
    ownerVerified: found.ownerVerifiedAt !== null,
    heldElsewhere: found.heldElsewhere,
  })
  return { row: found.row, private: isPrivate }
}

/** Whether the request's bearer token is the owner's session or an admin's. */
export async function mayViewPrivateMedia(
  db: Db,
  row: MediaRow,
  authorization: string | undefined,
  sessionCaches: SessionCaches | undefined,
): Promise<boolean> {
  const token = bearerToken(authorization)
  if (!token) return false
  const user = await findUserBySessionToken(db, token, sessionCaches)
  if (user) return user.id === row.ownerId
  return (await findAdminBySessionToken(db, token, sessionCaches)) !== null
}
