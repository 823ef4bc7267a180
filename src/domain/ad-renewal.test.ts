import { describe, expect, it } from 'vitest'
import { renewalOpen, renewedExpiry } from './ad-renewal.ts'

const DAY_MS = 86_400_000
const now = new Date('2026-11-28T12:00:00Z')
const at = (days: number) => new Date(now.getTime() + days * DAY_MS)

describe('renewing an ad', () => {
  it('opens 3 days before the end and closes 30 days after it', () => {
    expect(renewalOpen(at(3.01), now)).toBe(false)
    expect(renewalOpen(at(3), now)).toBe(true)
    expect(renewalOpen(at(0), now)).toBe(true)
    expect(renewalOpen(at(-29.99), now)).toBe(true)
    expect(renewalOpen(at(-30), now)).toBe(false)
    expect(renewalOpen(null, now)).toBe(false)
  })

  it('adds a lifetime to the time a live ad has left, and lists an ended one a lifetime from now', () => {
    expect(renewedExpiry(at(2), now, 30)).toEqual(at(32))
    expect(renewedExpiry(at(-5), now, 30)).toEqual(at(30))
    expect(renewedExpiry(null, now, 7)).toEqual(at(7))
  })
})
