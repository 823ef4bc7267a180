// "Available now" (docs/decisions/048-advertisers.md): the owner of a live ad says they can be
// reached now, for a few hours; it ends by itself. Both sides read these limits.

export const AVAILABLE_HOURS_MIN = 1
export const AVAILABLE_HOURS_MAX = 12
export const AVAILABLE_HOURS_DEFAULT = 3
/** switching on (or extending) counts; switching off never does, so an owner can always stop it */
export const AVAILABLE_SWITCHES_PER_DAY = 3
/** the day the switches are counted over: the last 24 hours, the same in every time zone */
export const AVAILABLE_SWITCH_WINDOW_MS = 24 * 60 * 60_000

/** The hours the /manage switch offers. */
export const AVAILABLE_HOUR_CHOICES = [1, 2, 3, 4, 6, 8, 12] as const

/** Whether an ad's `availableUntil` (ISO, from an answer) still says "Available now" at `now`. */
export function isAvailableNow(availableUntil: string | null | undefined, now: number = Date.now()): boolean {
  if (!availableUntil) return false
  const until = Date.parse(availableUntil)
  return Number.isFinite(until) && until > now
}
