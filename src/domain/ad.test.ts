import { describe, expect, it } from 'vitest'
import { AdSchema, hasContactDetails, isGeneratedAd, parseStoredAds } from './ad.ts'

const stored = {
  id: 'own-1',
  title: 'Silk robe',
  category: 'adult-buy-sell',
  province: 'ON',
  city: 'Toronto',
  price: 45,
  priceUnit: 'per_unit',
  postedAt: '2026-11-20T10:00:00.000Z',
}

describe('stored ads', () => {
  it('fills the optional fields of an older stored ad with safe defaults', () => {
    const ad = AdSchema.parse(stored)
    expect(ad).toMatchObject({ description: '', images: [], videos: [], verified: false, contact: null })
  })

  it('reads anything that is not a list as no ads', () => {
    expect(parseStoredAds(null)).toEqual([])
    expect(parseStoredAds('not json')).toEqual([])
    expect(parseStoredAds({ ads: [stored] })).toEqual([])
  })

  it('keeps the valid ads of a list and drops the broken ones', () => {
    const ads = parseStoredAds([stored, { id: 'x' }, 42, { ...stored, id: 'own-2', postedAt: 'yesterday' }])
    expect(ads.map((a) => a.id)).toEqual(['own-1'])
  })

  it('turns a negative or non-numeric price into 0 (Contact for price)', () => {
    expect(AdSchema.parse({ ...stored, price: -5 }).price).toBe(0)
    expect(AdSchema.parse({ ...stored, price: 'abc' }).price).toBe(0)
  })

  it('tells generated ads from the user own ads by id', () => {
    expect(isGeneratedAd({ id: 'gen-ON-adult-services-3' })).toBe(true)
    expect(isGeneratedAd({ id: 'own-1' })).toBe(false)
  })

  it('counts a contact with only blank fields as no contact details', () => {
    expect(hasContactDetails(null)).toBe(false)
    expect(hasContactDetails({ phone: ' ', email: '', website: '', handle: '' })).toBe(false)
    expect(hasContactDetails({ phone: '', email: 'a@b.ca', website: '', handle: '' })).toBe(true)
  })
})
