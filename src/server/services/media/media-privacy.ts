import { eq } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { type MediaRow, media } from '#server/db/schema/media.ts'
import { findAdminBySessionToken, findUserBySessionToken } from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'

// The held-or-removed part of who may fetch a media file (docs/decisions/033-reports-that-cost.md):
// the photos and videos of an ad under review, or removed, go to its owner and the admins only; to
// anyone else they answer 404, as if they did not exist. The rest of the rule (photos under review,
// verified owners) belongs to the media access check of issue 31's verification half.

const PRIVATE_STATUSES: ReadonlySet<string> = new Set(['held', 'removed'])

export interface ServableMedia {
  row: MediaRow
  /** only the owner and the admins may fetch it */
  private: boolean
}

/** The media row behind an id, and whether its ad keeps it private, in one query. */
export async function findServableMedia(db: Db, id: string): Promise<ServableMedia | null> {
  const [found] = await db
    .select({ row: media, status: ads.status })
    .from(media)
    .leftJoin(ads, eq(ads.id, media.adId))
    .where(eq(media.id, id))
  if (!found) return null
  return { row: found.row, private: found.status !== null && PRIVATE_STATUSES.has(found.status) }
}

/** Whether the request's bearer token is the owner's session or an admin's. */
export async function mayViewPrivateMedia(
  db: Db,
  row: MediaRow,
  authorization: string | undefined,
): Promise<boolean> {
  const token = bearerToken(authorization)
  if (!token) return false
  const user = await findUserBySessionToken(db, token)
  if (user) return user.id === row.ownerId
  return (await findAdminBySessionToken(db, token)) !== null
}
