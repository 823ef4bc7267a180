import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { dayRangeText } from '#domain/date-text.ts'
import { TourMarks } from './tour-marks.tsx'

const HOUR = 60 * 60_000
const visit = (startsIn: number, endsIn: number) => ({
  province: 'AB' as const,
  city: 'Calgary',
  from: '2026-12-05',
  to: '2026-12-12',
  startsAt: new Date(Date.now() + startsIn).toISOString(),
  endsAt: new Date(Date.now() + endsIn).toISOString(),
})

describe('the Visiting marks', () => {
  afterEach(cleanup)

  it('says "Visiting Calgary until Dec 12" during a visit', () => {
    render(<TourMarks tours={[visit(-HOUR, HOUR)]} />)
    expect(screen.getByTestId('visiting').textContent).toBe('Visiting Calgary until Dec 12')
  })

  it('shows an upcoming visit with its days only where asked (the ad page)', () => {
    render(<TourMarks tours={[visit(HOUR, 2 * HOUR)]} />)
    expect(screen.queryByTestId('visiting-soon')).toBeNull()
    cleanup()
    render(<TourMarks tours={[visit(HOUR, 2 * HOUR)]} upcoming />)
    expect(screen.getByTestId('visiting-soon').textContent).toBe('Visiting Calgary Dec 5–12')
  })

  it('is gone once the visit is over, even in an answer kept from before', () => {
    render(<TourMarks tours={[visit(-2 * HOUR, -HOUR)]} upcoming />)
    expect(screen.queryByTestId('visiting')).toBeNull()
    expect(screen.queryByTestId('visiting-soon')).toBeNull()
  })

  it('writes the days in French as French readers write them', () => {
    expect(dayRangeText('2026-12-05', '2026-12-12', 'fr-CA')).toBe('5–12 déc.')
    expect(dayRangeText('2026-11-28', '2026-12-03', 'fr-CA')).toBe('28 nov. – 3 déc.')
    expect(dayRangeText('2026-11-28', '2026-12-03', 'en-CA')).toBe('Nov 28 – Dec 3')
  })
})
