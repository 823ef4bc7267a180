import { describe, expect, it } from 'vitest'
import { canApply, effectiveStatus, postFeeAction, unpayableCode } from './ad-status.ts'

const now = new Date('2026-11-23T12:00:00Z')

describe('the ad status machine', () => {
  it('reads a live ad past its expiry as expired, without anything rewriting the row', () => {
    expect(effectiveStatus({ status: 'live', expiresAt: new Date('2026-11-23T11:59:59Z') }, now)).toBe(
      'expired',
    )
    expect(effectiveStatus({ status: 'live', expiresAt: new Date('2026-11-23T12:00:01Z') }, now)).toBe('live')
    expect(effectiveStatus({ status: 'held', expiresAt: null }, now)).toBe('held')
  })

  it('lets a post fee publish a pending ad or renew an expired one, and nothing else', () => {
    expect(postFeeAction('pending_payment')).toBe('publish')
    expect(postFeeAction('expired')).toBe('renew')
    expect(postFeeAction('live')).toBeNull()
    expect(postFeeAction('removed')).toBeNull()
    expect(postFeeAction('held')).toBeNull()
  })

  it('bumps only live ads and never brings a removed ad back', () => {
    expect(canApply('bump', 'live')).toBe(true)
    expect(canApply('bump', 'expired')).toBe(false)
    for (const action of ['publish', 'renew', 'bump', 'edit', 'remove', 'hold', 'release'] as const)
      expect(canApply(action, 'removed')).toBe(false)
  })

  it('keeps a held ad as it was reported: its owner asks for a review instead of editing it', () => {
    expect(canApply('edit', 'held')).toBe(false)
    expect(canApply('edit', 'live')).toBe(true)
    expect(canApply('remove', 'held')).toBe(true)
  })

  it('tells the payer why an ad cannot be paid for', () => {
    expect(unpayableCode('post', 'live')).toBe('ad.already_paid')
    expect(unpayableCode('bump', 'removed')).toBe('ad.removed_unpayable')
  })
})
