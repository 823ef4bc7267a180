import { and, asc, count, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { MAX_PHOTO_QUEUE, type PendingPhoto } from '#domain/api/photo-review.ts'
import { photoSrcSet, photoUrl, videoUrl } from '#domain/media-urls.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { media } from '#server/db/schema/media.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'

// The photo queue (docs/decisions/032-photo-review.md): every uploaded photo and video on an ad
// waits here for an admin (videos: 064-video-review.md); an unverified owner's file is hidden from
// everyone else until approved.

/** Pending photos and videos on ads not removed: ads with open reports first, then the oldest. */
export async function photoQueue(db: Db): Promise<PendingPhoto[]> {
  const open = db
    .select({ adId: adReports.adId, n: count().as('n') })
    .from(adReports)
    .where(isNull(adReports.resolvedAt))
    .groupBy(adReports.adId)
    .as('open_reports')
  const rows = await db
    .select({
      row: media,
      adId: ads.id,
      adTitle: ads.title,
      ownerVerifiedAt: users.verifiedAt,
      reports: sql<number>`coalesce(${open.n}, 0)::int`,
    })
    .from(media)
    .innerJoin(ads, eq(ads.id, media.adId))
    .innerJoin(users, eq(users.id, media.ownerId))
    .leftJoin(open, eq(open.adId, media.adId))
    .where(and(eq(media.review, 'pending'), isNotNull(media.adId), ne(ads.status, 'removed')))
    .orderBy(desc(sql`coalesce(${open.n}, 0) > 0`), asc(media.createdAt), asc(media.id))
    .limit(MAX_PHOTO_QUEUE)
  return rows.map(({ row, adId, adTitle, ownerVerifiedAt, reports }) => ({
    mediaId: row.id,
    adId,
    adTitle,
    ownerId: row.ownerId,
    ownerVerified: ownerVerifiedAt !== null,
    openReports: Number(reports),
    kind: row.kind,
    photo:
      row.kind === 'photo'
        ? {
            src: photoUrl(row.id),
            srcSet: photoSrcSet(row.id, row.width),
            width: row.width,
            height: row.height,
            placeholder: row.placeholder,
          }
        : null,
    video: row.kind === 'video' ? videoUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
  }))
}

/**
 * An admin's decision on one pending photo or video. A verified owner's photo may be refused after it
 * showed, so only 'pending' is required, whoever owns it. A refusal empties the row's keys (its
 * files are deleted after the commit by the caller, unless another row shares them) and keeps the
 * reason for the owner's /manage; returns the keys to delete.
 */
export async function decidePhoto(
  db: Db,
  mediaId: string,
  decision: 'approved' | 'refused',
  admin: string,
  reason = '',
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(media).where(eq(media.id, mediaId)).for('update')
    if (!row) throw new ApiError(404, 'photo.not_found')
    if (row.review !== 'pending') throw new ApiError(409, 'photo.not_pending')
    const refused = decision === 'refused'
    await tx
      .update(media)
      .set({
        review: decision,
        reviewReason: reason,
        reviewedAt: new Date(),
        ...(refused ? { storageKeys: [], placeholder: '', bytes: 0 } : {}),
      })
      .where(eq(media.id, mediaId))
    await recordAudit(tx, { admin, action: `photo_${decision}`, target: `media:${mediaId}`, reason })
    // the ad's public answer gains (or, for a verified owner, loses) the photo
    changed(tx, 'ads')
    return refused ? row.storageKeys : []
  })
}
