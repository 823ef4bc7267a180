import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { REMINDER_MOMENTS, type ReminderMoment } from '#domain/ad-renewal.ts'
import { withLanguageParam } from '#domain/languages.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { users } from '#server/db/schema/users.ts'
import { cancelJobs, enqueueJob } from '#server/services/jobs/enqueue.ts'
import { defineJobKind } from '#server/services/jobs/job-kind.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { reminderMail } from '#server/services/mail/reminder-mails.ts'

// The owner's reminders before and at an ad's end (docs/decisions/051-reminders-and-renewal.md): three
// jobs queued with each new listed time, each keyed by that time, so a renewal's new end queues new
// ones and the old ones find the end moved and send nothing.

export const adReminderKind = defineJobKind(
  'ads.reminder',
  z.object({
    adId: z.string(),
    // the end this reminder is about, as an ISO string: the ad must still end then
    expiresAt: z.string(),
    moment: z.enum(['3d', '1d', 'ended']),
  }),
)

const MOMENTS = Object.keys(REMINDER_MOMENTS) as ReminderMoment[]

/**
 * Queues the three reminders of an ad's listed time, in the transaction that set it. A moment
 * already past (an ad listed for less than 3 days) is due now. Demo ads have no owner: none.
 */
export async function scheduleAdReminders(
  tx: Db,
  ad: { id: string; ownerId: string | null; expiresAt: Date | null },
  now: Date,
): Promise<void> {
  if (ad.ownerId === null || ad.expiresAt === null) return
  const expiresAt = ad.expiresAt.toISOString()
  for (const moment of MOMENTS) {
    const at = ad.expiresAt.getTime() - REMINDER_MOMENTS[moment]
    await enqueueJob(tx, {
      kind: adReminderKind,
      key: `${ad.id}:${expiresAt}:${moment}`,
      runAt: new Date(Math.max(at, now.getTime())),
      payload: { adId: ad.id, expiresAt, moment },
    })
  }
}

/** Deletes the waiting reminders of these ads (their owner's account is being deleted), in `tx`. */
export async function cancelAdReminders(tx: Db, adIds: readonly string[]): Promise<void> {
  for (const id of adIds) await cancelJobs(tx, { kind: adReminderKind, keyPrefix: `${id}:` })
}

/** The address that opens checkout for this ad's renewal, in the owner's language. */
export function renewalLink(publicUrl: string, adId: string, language: 'en' | 'fr'): string {
  const path = withLanguageParam(`/checkout?type=post&adId=${encodeURIComponent(adId)}`, language)
  return `${publicUrl.replace(/\/+$/, '')}${path}`
}

/**
 * Queues one reminder's mail in `tx` (the job's completion) when the ad still ends when the reminder
 * says, is listed or has just expired (not held, removed or deleted), and its owner's account is open.
 * Answers whether it did.
 */
export async function sendAdReminder(
  tx: Db,
  reminder: z.infer<typeof adReminderKind.payload>,
  publicUrl: string,
): Promise<boolean> {
  const [row] = await tx
    .select({
      title: ads.title,
      status: ads.status,
      expiresAt: ads.expiresAt,
      email: users.email,
      language: users.language,
      deletedAt: users.deletedAt,
    })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.ownerId))
    .where(eq(ads.id, reminder.adId))
  if (!row || row.deletedAt !== null || row.status !== 'live') return false
  if (row.expiresAt?.toISOString() !== reminder.expiresAt) return false
  const link = renewalLink(publicUrl, reminder.adId, row.language)
  const mail = reminderMail(row.language, reminder.moment, {
    title: row.title,
    expiresAt: row.expiresAt,
    link,
  })
  await enqueueMail(tx, { to: row.email, ...mail, link })
  return true
}
