import { describe, expect, it } from 'vitest'
import { dayNumber, tourRefusal, tourSpan } from './tours.ts'

describe('a visit’s days on the visited province’s clock', () => {
  it('starts at midnight in that province and ends at midnight after its last day', () => {
    expect(tourSpan({ province: 'AB', from: '2026-12-05', to: '2026-12-12' })).toEqual({
      startsAt: new Date('2026-12-05T07:00:00.000Z'),
      endsAt: new Date('2026-12-13T07:00:00.000Z'),
    })
    expect(tourSpan({ province: 'NL', from: '2026-12-05', to: '2026-12-05' }).startsAt).toEqual(
      new Date('2026-12-05T03:30:00.000Z'),
    )
  })

  it('reads a day the clocks change with that day’s offset', () => {
    // Toronto springs forward on 2027-03-14: midnight is still EST, the next midnight EDT
    expect(tourSpan({ province: 'ON', from: '2027-03-14', to: '2027-03-14' })).toEqual({
      startsAt: new Date('2027-03-14T05:00:00.000Z'),
      endsAt: new Date('2027-03-15T04:00:00.000Z'),
    })
  })

  it('judges "today" in the visited province: 23:30 in Vancouver is already tomorrow in Toronto', () => {
    const now = new Date('2026-12-05T07:30:00Z') // 23:30 on Dec 4 in Vancouver, 02:30 on Dec 5 in Toronto
    expect(tourRefusal({ province: 'BC', from: '2026-12-04', to: '2026-12-04' }, now)).toBeNull()
    expect(tourRefusal({ province: 'ON', from: '2026-12-04', to: '2026-12-04' }, now)).toEqual({
      code: 'ad.tour_past',
    })
  })

  it('refuses dates that do not exist', () => {
    expect(dayNumber('2026-02-30')).toBeNaN()
    expect(tourRefusal({ province: 'AB', from: '2026-13-01', to: '2026-13-02' }, new Date())).toEqual({
      code: 'ad.tour_date',
    })
  })
})
