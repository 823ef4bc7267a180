// How close together two bumps of one ad may be (docs/decisions/042-holds-that-hold.md). A bump moves
// an ad to the top; a second one within minutes moves it nowhere and only costs its owner (a double
// tap, two tabs, a retry). Posting and renewing are not bumps: an ad may be bumped right after it is
// published. Paid bumps and scheduled bumps both read this rule.

export const BUMP_SPACING_MINUTES = 15
export const BUMP_SPACING_MS = BUMP_SPACING_MINUTES * 60_000

/** When the ad may be bumped again after a bump at `lastBumpAt` (null: never bumped, so now). */
export function nextBumpAt(lastBumpAt: Date | null): Date | null {
  return lastBumpAt === null ? null : new Date(lastBumpAt.getTime() + BUMP_SPACING_MS)
}

/** Whether a bump at `now` comes too soon after the last one. */
export function bumpTooSoon(lastBumpAt: Date | null, now: Date): boolean {
  const next = nextBumpAt(lastBumpAt)
  return next !== null && now.getTime() < next.getTime()
}
