// Scheduled bumps (docs/decisions/050-scheduled-bumps.md): the moments a schedule asks for, worked out
// from times of day in the owner's time zone or given as instants, and the limits both sides read.
// Pure: Intl only, so the form can say what the server will refuse before it is sent.
import { BUMP_SPACING_MINUTES, BUMP_SPACING_MS } from './bump-spacing.ts'

export const SCHEDULE_MAX_DAYS = 14
export const SCHEDULE_MAX_TIMES = 6
export const SCHEDULE_MAX_MOMENTS = 50
export const SCHEDULE_HORIZON_MS = SCHEDULE_MAX_DAYS * 24 * 60 * 60_000

/** A time of day as the form and the API write it: two-digit hours (00–23) and minutes. */
export const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/

export type ScheduleRefusal =
  | { code: 'bump_schedule.time_zone' }
  | { code: 'bump_schedule.too_close'; params: { minutes: number } }
  | { code: 'bump_schedule.moment_past' }
  | { code: 'bump_schedule.moment_too_far'; params: { days: number } }
  | { code: 'bump_schedule.nothing_left' }

export type ScheduleInput =
  | { timeZone: string; times: readonly string[]; days: number }
  | { moments: readonly string[] }

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The formatter of a time zone's wall clock, or undefined when Intl knows no such IANA name. */
function wallClock(timeZone: string): Intl.DateTimeFormat | undefined {
  const known = formatters.get(timeZone)
  if (known) return known
  try {
    const made = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
    formatters.set(timeZone, made)
    return made
  } catch {
    return undefined
  }
}

/** Whether `timeZone` is a time zone name Intl knows (America/Toronto, UTC). */
export function isTimeZone(timeZone: string): boolean {
  return timeZone.length > 0 && timeZone.length <= 64 && wallClock(timeZone) !== undefined
}

interface Wall {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallAt(format: Intl.DateTimeFormat, instant: number): Wall {
  const parts = format.formatToParts(new Date(instant))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  }
}

/** How far the zone's wall clock is ahead of UTC at `instant`. */
function offsetAt(format: Intl.DateTimeFormat, instant: number): number {
  const w = wallAt(format, instant)
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(instant / 1000) * 1000
}

/**
 * The instant the zone's clock reads this date and time. Twice over the offset, so a day that changes
 * the clocks is read with the offset of that moment; a time the clocks skip (02:30 when they spring
 * forward) lands on the instant its offset before the change gives, an hour on.
 */
function zonedInstant(
  format: Intl.DateTimeFormat,
  date: { year: number; month: number; day: number },
  time: string,
): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number]
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute)
  const first = wall - offsetAt(format, wall)
  return wall - offsetAt(format, first)
}

/**
 * The moments a schedule asks for, ascending, or why it is refused: times of day for `days` days
 * from today in the owner's zone (times already past today are left out), or a list of instants,
 * all in the future and within SCHEDULE_MAX_DAYS; any two at least BUMP_SPACING_MINUTES apart, as
 * two paid bumps must be (docs/decisions/042-holds-that-hold.md). Shapes and counts are the zod
 * schema's (src/domain/api/bump-schedules.ts).
 */
export function scheduleMoments(input: ScheduleInput, now: Date): Date[] | ScheduleRefusal {
  const nowMs = now.getTime()
  let moments: number[]
  if ('moments' in input) {
    moments = input.moments.map((m) => Date.parse(m))
    if (moments.some((m) => !(m > nowMs))) return { code: 'bump_schedule.moment_past' }
    if (moments.some((m) => m > nowMs + SCHEDULE_HORIZON_MS))
      return { code: 'bump_schedule.moment_too_far', params: { days: SCHEDULE_MAX_DAYS } }
  } else {
    const format = wallClock(input.timeZone)
    if (!format) return { code: 'bump_schedule.time_zone' }
    const today = wallAt(format, nowMs)
    moments = []
    for (let i = 0; i < input.days; i++) {
      const d = new Date(Date.UTC(today.year, today.month - 1, today.day + i))
      const date = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }
      for (const time of input.times) moments.push(zonedInstant(format, date, time))
    }
    moments = moments.filter((m) => m > nowMs)
    if (moments.length === 0) return { code: 'bump_schedule.nothing_left' }
  }
  moments.sort((a, b) => a - b)
  for (let i = 1; i < moments.length; i++) {
    if ((moments[i] as number) - (moments[i - 1] as number) < BUMP_SPACING_MS)
      return { code: 'bump_schedule.too_close', params: { minutes: BUMP_SPACING_MINUTES } }
  }
  return moments.map((m) => new Date(m))
}
