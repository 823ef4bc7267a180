import { describe, expect, it } from 'vitest'
import { AD_STATUSES } from '#domain/ad-status.ts'
import { isPrivateMedia } from './media-privacy.ts'

describe('the media access check', () => {
  it('keeps the file of any ad that is not live private whatever its review says', () => {
    for (const adStatus of AD_STATUSES.filter((s) => s !== 'live'))
      expect(isPrivateMedia({ adStatus, review: 'approved', ownerVerified: true })).toBe(true)
  })

  it('keeps an upload attached to no ad private, even approved from a verified owner', () => {
    expect(isPrivateMedia({ adStatus: null, review: 'approved', ownerVerified: true })).toBe(true)
  })

  it("keeps an unverified owner's photo under review private, and shows a verified owner's at once", () => {
    expect(isPrivateMedia({ adStatus: 'live', review: 'pending', ownerVerified: false })).toBe(true)
    expect(isPrivateMedia({ adStatus: 'live', review: 'pending', ownerVerified: true })).toBe(false)
  })

  it('never shows a refused photo, and shows an approved one on a live ad', () => {
    expect(isPrivateMedia({ adStatus: 'live', review: 'refused', ownerVerified: true })).toBe(true)
    expect(isPrivateMedia({ adStatus: 'live', review: 'approved', ownerVerified: false })).toBe(false)
  })

  it('keeps a file private once a kept version of a held ad names it, wherever it is attached now', () => {
    expect(
      isPrivateMedia({ adStatus: 'live', review: 'approved', ownerVerified: true, heldElsewhere: true }),
    ).toBe(true)
  })
})
