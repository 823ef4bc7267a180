import { eq } from 'drizzle-orm'
import { type AdStatus, effectiveStatus } from '#domain/ad-status.ts'
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
// - it is attached to a live ad that has not expired (an upload on no ad, a draft waiting for its
//   payment, an expired, held or removed ad's file is its owner's alone: 062-public-media.md), and
//   no kept version of a held or removed ad names it, wherever it is attached now
//   (042-holds-that-hold.md);
// - it is not a photo under review from an unverified owner, nor a refused one
//   (docs/decisions/032-photo-review.md; a verified owner's photo shows before its review).
// To anyone else a private file answers 404, as if it did not exist.

/** Whether a photo in this review state shows to visitors: `ownerVerified` is users.verified_at set. */
export function reviewAllowsPublic(review: MediaReview, ownerVerified: boolean): boolean {
  return review === 'approved' || (review === 'pending' && ownerVerified)
}

/** The pure rule, for the file route and for tests. */
export function isPrivateMedia(input: {
  /** the status a visitor reads (effectiveStatus: a live ad past its end is expired); null: no ad */
  adStatus: AdStatus | null
  review: MediaReview
  ownerVerified: boolean
  /** a kept version of a held or removed ad names it */
  heldElsewhere?: boolean
}): boolean {
  if (input.heldElsewhere) return true
  if (input.adStatus !== 'live') return true
  return !reviewAllowsPublic(input.review, input.ownerVerified)
}

/**
 * How long a copy of a public file may be kept: an approved photo (or a video) for an hour, a verified
 * owner's photo still under review not at all without asking again (the review can still refuse it).
 * Never immutable: a withdrawal (a hold, a refusal, an expiry) must reach every cache.
 */
export type PublicLifetime = 'reviewed' | 'unreviewed'

export type ServableMedia =
  | { row: MediaRow; private: true }
  | { row: MediaRow; private: false; lifetime: PublicLifetime }

/** The media row behind an id, and whether it is private at `now`, in one query. */
export async function findServableMedia(db: Db, id: string, now: Date): Promise<ServableMedia | null> {
  const [found] = await db
    .select({
      row: media,
      status: ads.status,
      expiresAt: ads.expiresAt,
      ownerVerifiedAt: users.verifiedAt,
      heldElsewhere: namedByFlaggedVersion(media.id),
    })
    .from(media)
    .leftJoin(ads, eq(ads.id, media.adId))
    .leftJoin(users, eq(users.id, media.ownerId))
    .where(eq(media.id, id))
  if (!found) return null
  const adStatus = found.status
    ? effectiveStatus({ status: found.status, expiresAt: found.expiresAt }, now)
    : null
  const isPrivate = isPrivateMedia({
    adStatus,
    review: found.row.review,
    ownerVerified: found.ownerVerifiedAt !== null,
    heldElsewhere: found.heldElsewhere,
  })
  if (isPrivate) return { row: found.row, private: true }
  return {
    row: found.row,
    private: false,
    lifetime: found.row.review === 'approved' ? 'reviewed' : 'unreviewed',
  }
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
