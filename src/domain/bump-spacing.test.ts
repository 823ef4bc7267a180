import { describe, expect, it } from 'vitest'
import { BUMP_SPACING_MINUTES, bumpTooSoon, nextBumpAt } from './bump-spacing.ts'

const at = new Date('2026-12-01T12:00:00Z')
const minutes = (n: number) => new Date(at.getTime() + n * 60_000)

describe('the spacing between two bumps', () => {
  it('refuses a second bump within 15 minutes and allows it from then on', () => {
    expect(BUMP_SPACING_MINUTES).toBe(15)
    expect(bumpTooSoon(at, minutes(0))).toBe(true)
    expect(bumpTooSoon(at, minutes(14.99))).toBe(true)
    expect(bumpTooSoon(at, minutes(15))).toBe(false)
    expect(nextBumpAt(at)).toEqual(minutes(15))
  })

  it('lets an ad never bumped be bumped at once', () => {
    expect(bumpTooSoon(null, at)).toBe(false)
    expect(nextBumpAt(null)).toBeNull()
  })
})
