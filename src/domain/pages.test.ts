import { describe, expect, it } from 'vitest'
import { earliestExpiry } from './pages.ts'

describe('when a kept page stops being true', () => {
  it('ends at the earliest Available now end as well as the earliest expiry among the ads it read', () => {
    const data = [
      { items: [{ expiresAt: '2026-12-20T00:00:00.000Z', availableUntil: '2026-11-28T15:00:00.000Z' }] },
      { expiresAt: '2026-12-01T00:00:00.000Z', availableUntil: null },
    ]
    expect(earliestExpiry(data)).toBe(Date.parse('2026-11-28T15:00:00.000Z'))
    expect(earliestExpiry([{ expiresAt: '2026-12-01T00:00:00.000Z', availableUntil: null }])).toBe(
      Date.parse('2026-12-01T00:00:00.000Z'),
    )
  })
})

describe('a page showing visits', () => {
  it('changes when an upcoming visit starts or a visit ends, not at a start already passed', () => {
    const now = Date.parse('2026-12-01T00:00:00.000Z')
    const tours = [
      { startsAt: '2026-11-30T07:00:00.000Z', endsAt: '2026-12-03T07:00:00.000Z' },
      { startsAt: '2026-12-02T07:00:00.000Z', endsAt: '2026-12-04T07:00:00.000Z' },
    ]
    expect(earliestExpiry([{ tours }], now)).toBe(Date.parse('2026-12-02T07:00:00.000Z'))
    expect(earliestExpiry({ items: [], nextChangeAt: '2026-12-01T05:00:00.000Z' }, now)).toBe(
      Date.parse('2026-12-01T05:00:00.000Z'),
    )
  })
})
