import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { media } from '#server/db/schema/media.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { verificationRequests } from '#server/db/schema/verifications.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { ApiError } from '#server/errors.ts'
import { verifyPassword } from '#server/services/accounts/passwords.ts'
import { cancelAdReminders } from '#server/services/ads/ad-reminders.ts'
import { stopSchedulesOfUser } from '#server/services/bump-schedules/bump-kind.ts'
import type { MediaLibrary } from '#server/services/media/media-library.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'
import { accountReporter } from '#server/services/reports/reporter-history.ts'

/** The address a pseudonymous row holds: unique, never a person's, never deliverable (RFC 2606). */
function pseudonymousEmail(id: string): string {
  return `deleted-${id}@deleted.invalid`
}

/**
 * Deletes a signed-in user's account, who proves it with their password
 * (docs/decisions/034-privacy-and-retention.md). In one transaction:
 * - the ledger and the crypto charges move to a new pseudonymous row (a fresh id, no email of a
 *   person, no password): amounts, dates, types and charge ids stay for the tax years the law
 *   requires; a charge's free-text description and ad draft go;
 * - the user's reports of other ads stay (they may be why an ad is held) under that pseudonym, with
 *   the keyed hashes of their address and e-mail: only the link to the person goes, and the reports
 *   still count as one reporter from one address, with its history and daily caps, should the same
 *   address or e-mail report again (docs/decisions/042-holds-that-hold.md);
 * - their mails still in the outbox go, and their ads' reminders still waiting in the job queue;
 * - the user row goes, and with it (foreign keys) sessions, links, wallet, ads, their events,
 *   reports and appeals, and media rows; the email is free for a new sign-up at once.
 * Then the media files no row names any more are deleted from storage, and every cache forgets.
 * Returns the pseudonym.
 */
export async function deleteAccount(
  db: Db,
  library: MediaLibrary,
  userId: string,
  password: string,
): Promise<string> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
  if (!user || !(await verifyPassword(user.passwordHash, password)))
    throw new ApiError(400, 'privacy.wrong_password')
  const pseudonym = randomUUID()
  const keys = await db.transaction(async (tx) => {
    // the row first, locked: of two deletions racing with one token, the second waits here and finds
    // nothing, so one account makes one pseudonym and one audit row (docs/decisions/042-holds-that-hold.md)
    const [still] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if (!still) throw new ApiError(404, 'privacy.account_gone')
    const files = await tx.select({ keys: media.storageKeys }).from(media).where(eq(media.ownerId, userId))
    // verification photos still waiting go too (their rows go with the user row)
    const requests = await tx
      .select({ keys: verificationRequests.photoKeys })
      .from(verificationRequests)
      .where(eq(verificationRequests.userId, userId))
    const now = new Date()
    await tx.insert(users).values({
      id: pseudonym,
      email: pseudonymousEmail(pseudonym),
      // no argon2 hash matches an empty string: nobody can sign in as a pseudonym
      passwordHash: '',
      deletedAt: now,
      createdAt: now,
    })
    await tx
      .update(walletTransactions)
      .set({ userId: pseudonym, idempotencyKey: null })
      .where(eq(walletTransactions.userId, userId))
    await tx
      .update(cryptoCharges)
      .set({ userId: pseudonym, draft: null, description: sql`${cryptoCharges.chargeType}` })
      .where(eq(cryptoCharges.userId, userId))
    await tx
      .update(adReports)
      .set({ reporter: accountReporter(pseudonym) })
      .where(eq(adReports.reporter, accountReporter(userId)))
    await tx.delete(outbox).where(eq(outbox.to, user.email))
    // the ads go below: their reminders waiting in the queue go with them (docs/decisions/045-jobs.md)
    const owned = await tx.select({ id: ads.id }).from(ads).where(eq(ads.ownerId, userId))
    await cancelAdReminders(
      tx,
      owned.map((ad) => ad.id),
    )
    // the foreign key would take the schedules; their waiting jobs go here (docs/decisions/050-scheduled-bumps.md)
    await stopSchedulesOfUser(tx, userId)
    const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id })
    if (deleted.length === 0) throw new ApiError(404, 'privacy.account_gone')
    await recordAudit(tx, {
      admin: `user:${pseudonym}`,
      action: 'account_deleted',
      target: `user:${pseudonym}`,
    })
    return [...files, ...requests].flatMap((f) => f.keys)
  })
  // sessions, wallet and ads are gone: no cached copy may answer for them
  changed(db, 'sessions', 'wallets', 'ads')
  // after the commit, as every media deletion: a crash here leaves files no row names, which no URL
  // can reach (the file route needs a row)
  await library.deleteUnreferenced(keys)
  return pseudonym
}
