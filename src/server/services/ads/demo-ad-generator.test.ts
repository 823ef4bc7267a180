import { describe, expect, it } from 'vitest'
import { CATEGORY_KEYS, COMPANION_TYPES } from '#domain/categories.ts'
import { PROVINCE_CODES, PROVINCES } from '#domain/provinces.ts'
import { DEMO_ADS_ANCHOR, demoAds, demoPrice, generateDemoAds } from './demo-ad-generator.ts'

const ads = generateDemoAds()
const HOUR = 3_600_000

function group(province: string, category: string) {
  return ads.filter((a) => a.province === province && a.category === category)
}

/** The ad's place in its group, read back from its stable id. */
function indexOf(id: string): number {
  return Number(id.split('-').at(-1))
}

describe('the demo-ad generator', () => {
  it('makes 520 ads: 10 for every province and category', () => {
    expect(ads).toHaveLength(520)
    for (const province of PROVINCE_CODES) {
      for (const category of CATEGORY_KEYS) {
        expect(group(province, category)).toHaveLength(10)
      }
    }
  })

  it('gives every ad a unique, stable id naming its province, category and index', () => {
    expect(new Set(ads.map((a) => a.id)).size).toBe(520)
    expect(ads.map((a) => a.id)).toContain('gen-ON-adult-services-3')
    expect(ads.map((a) => a.id)).toContain('gen-NU-adult-castings-9')
  })

  it('posts the ads of a group one hour apart, newest at the fixed anchor', () => {
    for (const province of PROVINCE_CODES) {
      for (const category of CATEGORY_KEYS) {
        const times = group(province, category).map((a) => Date.parse(a.postedAt))
        expect(times[0]).toBe(Date.parse(DEMO_ADS_ANCHOR))
        for (let i = 1; i < times.length; i++) {
          expect((times[i - 1] ?? 0) - (times[i] ?? 0)).toBe(HOUR)
        }
      }
    }
  })

  it('prices companions at 120 + 20 × (index mod 5)', () => {
    const prices = group('ON', 'adult-services').map((a) => a.price)
    expect(prices).toEqual([120, 140, 160, 180, 200, 120, 140, 160, 180, 200])
  })

  it('prices buy and sell at 40 + 15 × (index mod 7)', () => {
    const prices = group('BC', 'adult-buy-sell').map((a) => a.price)
    expect(prices).toEqual([40, 55, 70, 85, 100, 115, 130, 40, 55, 70])
  })

  it('prices pics and vids at 25 + 10 × (index mod 5)', () => {
    const prices = group('QC', 'adult-pics-vids').map((a) => a.price)
    expect(prices).toEqual([25, 35, 45, 55, 65, 25, 35, 45, 55, 65])
  })

  it("prices castings at 0, shown as 'Contact for price'", () => {
    expect(ads.filter((a) => a.category === 'adult-castings').every((a) => a.price === 0)).toBe(true)
    expect(demoPrice('adult-castings', 7)).toBe(0)
  })

  it('applies the price formula to every ad by its index in its group', () => {
    for (const ad of ads) expect(ad.price).toBe(demoPrice(ad.category, indexOf(ad.id)))
  })

  it('verifies exactly 40% of the ads, four in every group', () => {
    expect(ads.filter((a) => a.verified)).toHaveLength(208)
    for (const province of PROVINCE_CODES) {
      for (const category of CATEGORY_KEYS) {
        expect(group(province, category).filter((a) => a.verified)).toHaveLength(4)
      }
    }
  })

  it('gives each ad exactly one stock image and no videos', () => {
    for (const ad of ads) {
      expect(ad.images).toHaveLength(1)
      expect(ad.images[0]).toMatch(new RegExp(`^/stock/${ad.category}-[1-4]\\.svg$`))
      expect(ad.videos).toEqual([])
    }
  })

  it('sets a companion type only on companions, cycling through the three types', () => {
    for (const ad of ads) {
      if (ad.category === 'adult-services') {
        expect(ad.escortType).toBe(COMPANION_TYPES[indexOf(ad.id) % 3])
      } else {
        expect(ad.escortType ?? null).toBeNull()
      }
    }
    const types = new Set(group('AB', 'adult-services').map((a) => a.escortType))
    expect(types).toEqual(new Set(COMPANION_TYPES))
  })

  it('has no contact details on demo ads', () => {
    expect(ads.every((a) => a.contact === null)).toBe(true)
  })

  it("places every ad in one of its province's major cities, cycling through them", () => {
    for (const province of PROVINCES) {
      const cities = group(province.code, 'adult-buy-sell').map((a) => a.city)
      expect(cities).toEqual(cities.map((_, i) => province.cities[i % province.cities.length]))
    }
  })

  it('writes a title and description for every ad, with varied titles in a listing', () => {
    for (const ad of ads) {
      expect(ad.title.length).toBeGreaterThan(5)
      expect(ad.description.length).toBeGreaterThan(20)
    }
    expect(new Set(group('ON', 'adult-pics-vids').map((a) => a.title)).size).toBe(10)
  })

  it('produces identical ads on every call, so every start seeds the same ads', () => {
    expect(generateDemoAds()).toEqual(ads)
    expect(demoAds()).toBe(demoAds())
    expect(demoAds()).toEqual(ads)
  })
})
