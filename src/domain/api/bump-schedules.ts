import { z } from 'zod'
import {
  isTimeZone,
  SCHEDULE_MAX_DAYS,
  SCHEDULE_MAX_MOMENTS,
  SCHEDULE_MAX_TIMES,
  TIME_OF_DAY,
} from '../bump-schedule.ts'
import { says } from './error-codes.ts'

// An ad's scheduled bumps (issue 42 item 4, docs/decisions/050-scheduled-bumps.md): the owner asks
// for times of day in their time zone for a number of days, or for a list of instants; each moment is
// a bump charged from the wallet then, like a manual one.

export const BumpSchedulePaths = {
  /** PUT (replaces the schedule), GET, DELETE (cancels what has not run) */
  schedule: (adId: string) => `/ads/${encodeURIComponent(adId)}/bump-schedule`,
} as const

const oneForm = says('bump_schedule.one_form')
const timeFormat = says('bump_schedule.time_format')
const daysRange = says('request.one_of', { name: 'days', values: `1–${SCHEDULE_MAX_DAYS}` })
const tooManyTimes = says('bump_schedule.too_many', { max: SCHEDULE_MAX_TIMES })
const tooManyMoments = says('bump_schedule.too_many', { max: SCHEDULE_MAX_MOMENTS })
const notInstant = says('bump_schedule.moment_format')

/**
 * `{timeZone, times, days}` or `{moments}`, never both: one object with every field optional and a
 * refinement, so a refusal names the field that is wrong rather than "matches no form".
 */
export const BumpScheduleRequestSchema = z
  .object({
    timeZone: z.string(oneForm).refine(isTimeZone, says('bump_schedule.time_zone')).optional(),
    times: z
      .array(z.string(timeFormat).regex(TIME_OF_DAY, timeFormat), oneForm)
      .min(1, oneForm)
      .max(SCHEDULE_MAX_TIMES, tooManyTimes)
      .refine((times) => new Set(times).size === times.length, says('bump_schedule.repeated'))
      .optional(),
    days: z.number(daysRange).int(daysRange).min(1, daysRange).max(SCHEDULE_MAX_DAYS, daysRange).optional(),
    moments: z
      .array(z.iso.datetime({ offset: true, error: notInstant }), oneForm)
      .min(1, oneForm)
      .max(SCHEDULE_MAX_MOMENTS, tooManyMoments)
      .optional(),
  })
  .refine(
    (body) =>
      body.moments !== undefined
        ? body.timeZone === undefined && body.times === undefined && body.days === undefined
        : body.timeZone !== undefined && body.times !== undefined && body.days !== undefined,
    oneForm,
  )
export type BumpScheduleRequest = z.infer<typeof BumpScheduleRequestSchema>

export const BumpScheduleSchema = z.object({
  adId: z.string(),
  /** the moments still to run, earliest first (ISO instants); empty when there is no schedule */
  next: z.array(z.string()),
  /** what was asked: the times-of-day form, or null for a list of moments or no schedule */
  timeZone: z.string().nullable(),
  times: z.array(z.string()).nullable(),
  days: z.number().nullable(),
  /** each bump's fee, charged from the wallet at its moment */
  feeCad: z.number(),
})
export type BumpSchedule = z.infer<typeof BumpScheduleSchema>
