import { and, arrayOverlaps, asc, desc, eq, ilike, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import {
  type Verification,
  VerificationPaths,
  type VerificationQueueQuery,
  type VerificationRequest,
} from '#domain/api/verification.ts'
import { photoUrl } from '#domain/media-urls.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { media } from '#server/db/schema/media.ts'
import { users } from '#server/db/schema/users.ts'
import { verificationRequests } from '#server/db/schema/verifications.ts'
import { ApiError } from '#server/errors.ts'
import { holdCompanionAds } from '#server/services/ads/companion-rules.ts'
import { privateKeyFor, sha256Hex } from '#server/services/media/media-keys.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { processPhoto } from '#server/services/media/process-photo.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'
import { adminActor } from '#server/services/reports/holds.ts'
import { newVerificationCode, sameCode } from './verification-code.ts'

// Verified advertisers (docs/decisions/031-verified-advertisers.md). users.verified_at is the truth;
// ads.verified is kept equal to it for every ad of the account in the same transaction as each
// decision, so the listing filters and sorts on its own column, and every public answer says it.

const MAX_QUEUE = 200

/** The advertiser's status and the code to show; makes a code the first time it is asked. */
export async function myVerification(db: Db, userId: string): Promise<Verification> {
  const [user] = await db
    .select({ verifiedAt: users.verifiedAt, code: users.verificationCode })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new ApiError(401, 'auth.sign_in_first')
  let code = user.code
  if (code === null) {
    // two first visits at once (two tabs) must show the same code: the first one written wins
    const [kept] = await db
      .update(users)
      .set({ verificationCode: sql`coalesce(${users.verificationCode}, ${newVerificationCode()})` })
      .where(eq(users.id, userId))
      .returning({ code: users.verificationCode })
    code = kept?.code ?? null
    if (code === null) throw new ApiError(401, 'auth.sign_in_first')
  }
  const [last] = await db
    .select({ status: verificationRequests.status, reason: verificationRequests.reason })
    .from(verificationRequests)
    .where(eq(verificationRequests.userId, userId))
    .orderBy(desc(verificationRequests.createdAt), desc(verificationRequests.id))
    .limit(1)
  if (user.verifiedAt !== null) return { status: 'approved', code }
  if (!last) return { status: 'none', code }
  if (last.status === 'pending') return { status: 'pending', code }
  if (last.status === 'refused' || last.status === 'revoked')
    return { status: 'refused', code, reason: last.reason }
  // approved once, then verified_at cleared by an account change: ask again
  return { status: 'none', code }
}

/**
 * Re-encodes a photo without metadata and stores it under a private key (the 1280 variant). It waits
 * its owner's turn in the photo queue like an ad's photo (services/media/process-photo.ts).
 */
export async function storeVerificationPhoto(
  store: MediaStore,
  path: string,
  ownerId: string,
): Promise<string> {
  const photo = await processPhoto(path, ownerId)
  const bytes = photo.variants[photo.variants.length - 1]
  if (!bytes) throw new Error('no photo variant')
  const key = privateKeyFor(sha256Hex(bytes))
  await store.put(key, bytes, 'image/webp')
  return key
}

/**
 * Records a request with photos already stored (`keys`); the code is used up. If the request is
 * refused here (wrong code, one already pending, already verified), the caller deletes the files.
 */
export async function requestVerification(
  db: Db,
  userId: string,
  code: string,
  keys: readonly string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ verifiedAt: users.verifiedAt, code: users.verificationCode })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
    if (!user) throw new ApiError(401, 'auth.sign_in_first')
    if (user.verifiedAt !== null) throw new ApiError(409, 'verification.already_verified')
    if (user.code === null || !sameCode(code, user.code))
      throw new ApiError(422, 'verification.code_mismatch')
    const [pending] = await tx
      .select({ id: verificationRequests.id })
      .from(verificationRequests)
      .where(and(eq(verificationRequests.userId, userId), eq(verificationRequests.status, 'pending')))
    if (pending) throw new ApiError(409, 'verification.pending')
    await tx.insert(verificationRequests).values({ userId, code: user.code, photoKeys: [...keys] })
    // one-time: the next request shows a new code, so an old photo cannot be sent again
    await tx.update(users).set({ verificationCode: null }).where(eq(users.id, userId))
  })
}

/** `%` and `_` in what the admin typed are letters, not LIKE wildcards. */
const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Pending requests, oldest first, or approved ones (the verified accounts an admin may revoke), the
 * latest decided first; each beside the account's ad photos.
 */
export async function verificationQueue(
  db: Db,
  query: VerificationQueueQuery = { status: 'pending' },
): Promise<VerificationRequest[]> {
  const email = query.email ?? ''
  const rows = await db
    .select({ request: verificationRequests, email: users.email, language: users.language })
    .from(verificationRequests)
    .innerJoin(users, eq(users.id, verificationRequests.userId))
    .where(
      and(
        eq(verificationRequests.status, query.status),
        email === '' ? undefined : ilike(users.email, `%${likeEscaped(email)}%`),
      ),
    )
    .orderBy(
      ...(query.status === 'pending'
        ? [asc(verificationRequests.createdAt), asc(verificationRequests.id)]
        : [desc(verificationRequests.decidedAt), desc(verificationRequests.id)]),
    )
    .limit(MAX_QUEUE)
  const owners = [...new Set(rows.map((r) => r.request.userId))]
  const photos =
    owners.length === 0
      ? []
      : await db
          .select({ id: media.id, ownerId: media.ownerId })
          .from(media)
          .where(
            and(
              inArray(media.ownerId, owners),
              eq(media.kind, 'photo'),
              isNotNull(media.adId),
              ne(media.review, 'refused'),
            ),
          )
          .orderBy(asc(media.createdAt))
  return rows.map(({ request, email, language }) => ({
    id: request.id,
    userId: request.userId,
    email,
    language,
    code: request.code,
    status: request.status,
    photos: request.photoKeys.map((_, n) => `/api${VerificationPaths.photo(request.id, n)}`),
    adPhotos: photos.filter((p) => p.ownerId === request.userId).map((p) => photoUrl(p.id)),
    createdAt: request.createdAt.toISOString(),
    decidedAt: request.decidedAt?.toISOString() ?? null,
  }))
}

/** The storage key of a pending request's n-th photo, for the admin route; null when there is none. */
export async function verificationPhotoKey(db: Db, id: number, n: number): Promise<string | null> {
  const [row] = await db
    .select({ keys: verificationRequests.photoKeys })
    .from(verificationRequests)
    .where(eq(verificationRequests.id, id))
  return row?.keys[n] ?? null
}

type Decision = 'approved' | 'refused' | 'revoked'

/**
 * An admin's decision. Approval sets users.verified_at and ads.verified on every ad of the account
 * (demo ads belong to nobody); refusal and revocation clear both, at once, and a revocation holds the
 * account's listed Adult Companions ads. The request forgets its
 * photo keys and the audit log keeps who decided, when and why; returns the keys, which the caller
 * deletes from storage after the commit.
 */
export async function decideVerification(
  db: Db,
  id: number,
  decision: Decision,
  admin: string,
  reason = '',
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(verificationRequests)
      .where(eq(verificationRequests.id, id))
      .for('update')
    if (!request) throw new ApiError(404, 'verification.not_found')
    if (decision === 'revoked' ? request.status !== 'approved' : request.status !== 'pending')
      throw new ApiError(409, decision === 'revoked' ? 'verification.not_approved' : 'verification.decided')
    const now = new Date()
    await tx
      .update(verificationRequests)
      .set({ status: decision, reason, decidedAt: now, decidedBy: admin, photoKeys: [] })
      .where(eq(verificationRequests.id, id))
    const verified = decision === 'approved'
    // the user row is updated (and so locked) before the ads: an ad created meanwhile reads the
    // user row with FOR SHARE first (ads-service.ts), so it either waits for this commit or is seen here
    await tx
      .update(users)
      .set({ verifiedAt: verified ? now : null })
      .where(eq(users.id, request.userId))
    await tx
      .update(ads)
      .set({ verified })
      .where(and(eq(ads.ownerId, request.userId), eq(ads.demo, false)))
    // a companion ad is published only by a verified advertiser: revoked, theirs are held at once
    // (docs/decisions/049-open-in-canada.md)
    if (decision === 'revoked') await holdCompanionAds(tx, request.userId, adminActor(admin), reason, now)
    await recordAudit(tx, {
      admin,
      action: `verification_${decision}`,
      target: `user:${request.userId}`,
      reason,
    })
    changed(tx, 'ads')
    return request.photoKeys
  })
}

/**
 * Deletes verification photos no request names any more (a refused request's, or the files of a
 * POST that was turned down); a request that still waits keeps its files.
 */
export async function deleteVerificationFiles(
  db: Db,
  store: MediaStore,
  keys: readonly string[],
): Promise<void> {
  const unique = [...new Set(keys)]
  if (unique.length === 0) return
  const still = await db
    .select({ keys: verificationRequests.photoKeys })
    .from(verificationRequests)
    .where(arrayOverlaps(verificationRequests.photoKeys, unique))
  const named = new Set(still.flatMap((row) => row.keys))
  for (const key of unique) if (!named.has(key)) await store.delete(key)
}
