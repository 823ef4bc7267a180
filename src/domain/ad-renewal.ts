// When an owner may renew an ad, and what a renewal gives (docs/decisions/051-reminders-and-renewal.md).
// Pure, so the payment paths, the reminder mails and the owner's list read one rule.

const DAY_MS = 86_400_000

/**
 * A live ad may be renewed from this long before its end: the first reminder's moment, so the link
 * in every reminder opens a checkout the server accepts. Earlier, a second posting fee would be a
 * double payment more often than a wish, and two renewals racing could both extend the ad.
 */
export const RENEWAL_OPENS_BEFORE_END_MS = 3 * DAY_MS

/**
 * An expired ad may be renewed for this long after its end; later its owner posts it anew. A month
 * covers the "ended" reminder read late, and keeps stale ads from coming back with old stats.
 */
export const RENEWAL_CLOSES_AFTER_END_MS = 30 * DAY_MS

/** The reminders a listed ad gets, each this long before its end. */
export const REMINDER_MOMENTS = { '3d': 3 * DAY_MS, '1d': DAY_MS, ended: 0 } as const
export type ReminderMoment = keyof typeof REMINDER_MOMENTS

/** Whether an ad ending at `expiresAt` (a live or expired one) may be renewed at `now`. */
export function renewalOpen(expiresAt: Date | null, now: Date): boolean {
  // an ad that never had an end (none today) reads as expired long ago
  if (expiresAt === null) return false
  const left = expiresAt.getTime() - now.getTime()
  return left <= RENEWAL_OPENS_BEFORE_END_MS && left > -RENEWAL_CLOSES_AFTER_END_MS
}

/**
 * The new end after a renewal: a live ad keeps the time it had left and gains a whole lifetime;
 * an expired one is listed a lifetime from now.
 */
export function renewedExpiry(expiresAt: Date | null, now: Date, lifetimeDays: number): Date {
  const from = expiresAt && expiresAt.getTime() > now.getTime() ? expiresAt.getTime() : now.getTime()
  return new Date(from + lifetimeDays * DAY_MS)
}
