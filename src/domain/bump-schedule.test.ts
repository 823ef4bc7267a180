import { describe, expect, it } from 'vitest'
import { isTimeZone, scheduleMoments } from './bump-schedule.ts'

const iso = (moments: Date[] | object) =>
  Array.isArray(moments) ? moments.map((m) => m.toISOString()) : moments

describe('the moments of a schedule', () => {
  it('reads times of day in the owner’s zone, from today, leaving out those already past', () => {
    // 10:30 in Toronto (EST, UTC−5) on 1 December 2026
    const now = new Date('2026-12-01T15:30:00Z')
    const moments = scheduleMoments({ timeZone: 'America/Toronto', times: ['21:00', '09:00'], days: 2 }, now)
    expect(iso(moments)).toEqual([
      '2026-12-02T02:00:00.000Z',
      '2026-12-02T14:00:00.000Z',
      '2026-12-03T02:00:00.000Z',
    ])
  })

  it('keeps the wall-clock time across a change of the clocks', () => {
    // the clocks go back on 1 November 2026 in Toronto: 09:00 is 13:00Z before and 14:00Z after
    const now = new Date('2026-10-31T12:00:00Z')
    const moments = scheduleMoments({ timeZone: 'America/Toronto', times: ['09:00'], days: 2 }, now)
    expect(iso(moments)).toEqual(['2026-10-31T13:00:00.000Z', '2026-11-01T14:00:00.000Z'])
  })

  it('refuses moments closer than the bump spacing, past, beyond 14 days, or nothing left today', () => {
    const now = new Date('2026-12-01T15:30:00Z')
    expect(scheduleMoments({ moments: ['2026-12-01T16:00:00Z', '2026-12-01T16:14:00Z'] }, now)).toMatchObject(
      {
        code: 'bump_schedule.too_close',
      },
    )
    expect(scheduleMoments({ moments: ['2026-12-01T15:00:00Z'] }, now)).toMatchObject({
      code: 'bump_schedule.moment_past',
    })
    expect(scheduleMoments({ moments: ['2026-12-16T15:00:00Z'] }, now)).toMatchObject({
      code: 'bump_schedule.moment_too_far',
    })
    expect(scheduleMoments({ timeZone: 'UTC', times: ['08:00'], days: 1 }, now)).toMatchObject({
      code: 'bump_schedule.nothing_left',
    })
    // 23:55 today and 00:05 tomorrow are ten minutes apart
    expect(scheduleMoments({ timeZone: 'UTC', times: ['23:55', '00:05'], days: 2 }, now)).toMatchObject({
      code: 'bump_schedule.too_close',
    })
  })

  it('knows IANA time zone names and nothing else', () => {
    expect(isTimeZone('America/Toronto')).toBe(true)
    expect(isTimeZone('UTC')).toBe(true)
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('')).toBe(false)
  })
})
