import { describe, expect, it } from 'vitest'
import { isPrivateMedia } from './media-privacy.ts'

describe('the media access check', () => {
  it('keeps a held or removed ad private whatever its review says', () => {
    for (const adStatus of ['held', 'removed'])
      expect(isPrivateMedia({ adStatus, review: 'approved', ownerVerified: true })).toBe(true)
  })

  it("keeps an unverified owner's photo under review private, and shows a verified owner's at once", () => {
    expect(isPrivateMedia({ adStatus: 'live', review: 'pending', ownerVerified: false })).toBe(true)
    expect(isPrivateMedia({ adStatus: 'live', review: 'pending', ownerVerified: true })).toBe(false)
  })

  it('never shows a refused photo, and shows an approved one on a live ad or before any ad', () => {
    expect(isPrivateMedia({ adStatus: 'live', review: 'refused', ownerVerified: true })).toBe(true)
    expect(isPrivateMedia({ adStatus: 'live', review: 'approved', ownerVerified: false })).toBe(false)
    expect(isPrivateMedia({ adStatus: null, review: 'approved', ownerVerified: false })).toBe(false)
  })
})
