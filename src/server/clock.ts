/**
 * The time the server's scheduled work goes by: jobs fall due when their `run_at` is at or before
 * `now()`. One per app (`app.clock`, given to buildApp), so a test moves time for that app alone
 * instead of waiting for it (docs/decisions/045-jobs.md).
 */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }
