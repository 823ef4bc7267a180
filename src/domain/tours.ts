// Touring (docs/decisions/060-touring.md): an ad lists up to TOUR_MAX_VISITS visits to other
// cities; during one it is also listed there. A visit's dates are days on the visited province's
// clock: it starts at 00:00 on `from` and ends at 00:00 the day after `to`, in that province's
// zone (TOUR_TIME_ZONES). Both sides read these limits and this rule.
import type { ProvinceCode } from './provinces.ts'

export const TOUR_MAX_VISITS = 5
/** a visit starts at most this many days after today */
export const TOUR_MAX_DAYS_AHEAD = 60
/** a visit lasts at most this many days, both ends counted */
export const TOUR_MAX_DAYS = 14

export const TOUR_DATE = /^\d{4}-\d{2}-\d{2}$/

/**
 * The zone a visit's dates are read in: the province's most populous one. A province that spans two
 * zones (BC's northeast, Ontario's northwest, Labrador) is read in the zone most visitors live in.
 */
export const TOUR_TIME_ZONES: Record<ProvinceCode, string> = {
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  MB: 'America/Winnipeg',
  SK: 'America/Regina',
  NS: 'America/Halifax',
  NB: 'America/Moncton',
  NL: 'America/St_Johns',
  PE: 'America/Halifax',
  NT: 'America/Yellowknife',
  YT: 'America/Whitehorse',
  NU: 'America/Iqaluit',
}

export interface TourDates {
  province: ProvinceCode
  from: string
  to: string
}

const DAY_MS = 24 * 60 * 60_000

const formats = new Map<string, Intl.DateTimeFormat>()
function format(timeZone: string): Intl.DateTimeFormat {
  let made = formats.get(timeZone)
  if (!made) {
    made = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
    formats.set(timeZone, made)
  }
  return made
}

/** The zone's wall clock at `instant`, read as if it were UTC. */
function wallMs(timeZone: string, instant: number): number {
  const parts = format(timeZone).formatToParts(new Date(instant))
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value)
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'))
}

/** A YYYY-MM-DD date as a UTC day number (days since 1970-01-01), or NaN when it is no real date. */
export function dayNumber(date: string): number {
  if (!TOUR_DATE.test(date)) return Number.NaN
  const ms = Date.parse(`${date}T00:00:00Z`)
  if (!Number.isFinite(ms) || new Date(ms).toISOString().slice(0, 10) !== date) return Number.NaN
  return ms / DAY_MS
}

/** Today's date in the zone, as a day number. */
export function todayIn(timeZone: string, now: Date): number {
  return Math.floor(wallMs(timeZone, now.getTime()) / DAY_MS)
}

/** The instant the zone's clock reads 00:00 on day number `day` (twice over the offset, for DST). */
export function midnightIn(timeZone: string, day: number): Date {
  const wall = day * DAY_MS
  const first = wall - (wallMs(timeZone, wall) - wall)
  return new Date(wall - (wallMs(timeZone, first) - first))
}

/** When a visit starts and ends (exclusive), by the rule above. */
export function tourSpan(tour: TourDates): { startsAt: Date; endsAt: Date } {
  const zone = TOUR_TIME_ZONES[tour.province]
  return {
    startsAt: midnightIn(zone, dayNumber(tour.from)),
    endsAt: midnightIn(zone, dayNumber(tour.to) + 1),
  }
}

export type TourRefusal =
  | { code: 'ad.tour_date' }
  | { code: 'ad.tour_order' }
  | { code: 'ad.tour_past' }
  | { code: 'ad.tour_too_far'; params: { days: number } }
  | { code: 'ad.tour_too_long'; params: { days: number } }

/**
 * Why a visit is refused at `now`, or null: real dates, from <= to, not over (a visit already
 * under way may stay, so an owner can edit the list during a trip), starting within
 * TOUR_MAX_DAYS_AHEAD days of the province's today, lasting at most TOUR_MAX_DAYS days.
 */
export function tourRefusal(tour: TourDates, now: Date): TourRefusal | null {
  const from = dayNumber(tour.from)
  const to = dayNumber(tour.to)
  if (Number.isNaN(from) || Number.isNaN(to)) return { code: 'ad.tour_date' }
  if (from > to) return { code: 'ad.tour_order' }
  const today = todayIn(TOUR_TIME_ZONES[tour.province], now)
  if (to < today) return { code: 'ad.tour_past' }
  if (from > today + TOUR_MAX_DAYS_AHEAD)
    return { code: 'ad.tour_too_far', params: { days: TOUR_MAX_DAYS_AHEAD } }
  if (to - from + 1 > TOUR_MAX_DAYS) return { code: 'ad.tour_too_long', params: { days: TOUR_MAX_DAYS } }
  return null
}

/** Whether a visit from an answer (with its instants) is under way at `now`. */
export function isVisiting(tour: { startsAt: string; endsAt: string }, now: number = Date.now()): boolean {
  return Date.parse(tour.startsAt) <= now && now < Date.parse(tour.endsAt)
}
