import { describe, expect, it } from 'vitest'
import type { Ad } from './ad.ts'
import {
  filterAndSort,
  type ListingQuery,
  normalizeText,
  pageNumbers,
  paginate,
  queryListing,
  resolveListingPath,
  sortAds,
} from './listing.ts'
import { mockAds } from './mock-ads.ts'

const generated = mockAds()

function ownAd(overrides: Partial<Ad> = {}): Ad {
  return {
    id: 'own-1',
    title: 'My own vintage robe',
    category: 'adult-buy-sell',
    escortType: null,
    province: 'ON',
    city: 'Toronto',
    price: 500,
    priceUnit: 'per_unit',
    description: 'Posted by me',
    images: [],
    videos: [],
    verified: false,
    postedAt: '2020-01-01T00:00:00.000Z',
    contact: { phone: '416-555-0100', email: '', website: '', handle: '' },
    ...overrides,
  }
}

const base: ListingQuery = { province: 'ALL', category: 'adult-buy-sell' }
const list = (query: Partial<ListingQuery>, own: Ad[] = []) =>
  filterAndSort({ own, generated }, { ...base, ...query })

describe('listing filters', () => {
  it('shows one category across all of Canada for ALL', () => {
    const ads = list({})
    expect(ads).toHaveLength(130)
    expect(ads.every((a) => a.category === 'adult-buy-sell')).toBe(true)
    expect(new Set(ads.map((a) => a.province)).size).toBe(13)
  })

  it('narrows to one province, whatever the case of its code', () => {
    const ads = list({ province: 'BC' })
    expect(ads).toHaveLength(10)
    expect(ads.every((a) => a.province === 'BC')).toBe(true)
    expect(list({ province: 'bc' as 'BC' })).toEqual(ads)
  })

  it('narrows to one city, ignoring case and accents, and treats ALL as every city', () => {
    const montreal = list({ province: 'QC', city: 'montreal' })
    expect(montreal.length).toBeGreaterThan(0)
    expect(montreal.every((a) => a.city === 'Montréal')).toBe(true)
    expect(list({ province: 'QC', city: 'ALL' })).toHaveLength(10)
    expect(list({ province: 'QC', city: '' })).toHaveLength(10)
  })

  it('filters companions by type, and ignores the type outside adult-services', () => {
    const female = list({ category: 'adult-services', escortType: 'female-companion' })
    expect(female.length).toBeGreaterThan(0)
    expect(female.every((a) => a.escortType === 'female-companion')).toBe(true)
    expect(list({ category: 'adult-services' })).toHaveLength(130)
    expect(list({ escortType: 'male-companion' })).toHaveLength(130)
  })

  it('keeps only verified ads when asked', () => {
    const ads = list({ verifiedOnly: true })
    expect(ads).toHaveLength(52)
    expect(ads.every((a) => a.verified)).toBe(true)
  })

  it('searches within results by every word, in title, description or city, accent-insensitively', () => {
    const robes = list({ q: 'SILK robe' })
    expect(robes.length).toBeGreaterThan(0)
    expect(robes.every((a) => normalizeText(`${a.title} ${a.description}`).includes('silk'))).toBe(true)
    const troisRivieres = list({ q: 'trois rivieres' })
    expect(troisRivieres.length).toBeGreaterThan(0)
    expect(troisRivieres.every((a) => a.city === 'Trois-Rivières')).toBe(true)
    expect(list({ q: 'silk zebra' })).toHaveLength(0)
    expect(list({ q: '   ' })).toHaveLength(130)
  })
})

describe('listing order', () => {
  it('sorts newest first by default', () => {
    const times = list({ province: 'ON' }).map((a) => Date.parse(a.postedAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('sorts by price ascending and descending', () => {
    const asc = list({ sort: 'price-asc' }).map((a) => a.price)
    expect(asc).toEqual([...asc].sort((a, b) => a - b))
    const desc = list({ sort: 'price-desc' }).map((a) => a.price)
    expect(desc).toEqual([...desc].sort((a, b) => b - a))
    expect(asc[0]).toBe(40)
    expect(desc[0]).toBe(130)
  })

  it("keeps ties in their original order so pages don't reshuffle", () => {
    const a = ownAd({ id: 'a', price: 10 })
    const b = ownAd({ id: 'b', price: 10 })
    expect(sortAds([a, b], 'price-asc').map((x) => x.id)).toEqual(['a', 'b'])
    expect(sortAds([b, a], 'price-desc').map((x) => x.id)).toEqual(['b', 'a'])
  })

  it("lists the user's own ads before the generated ones, in every sort", () => {
    const mine = [ownAd({ id: 'own-cheap', price: 1 }), ownAd({ id: 'own-dear', price: 9999 })]
    for (const sort of ['new', 'price-asc', 'price-desc'] as const) {
      const ads = list({ province: 'ON', sort }, mine)
      expect(ads).toHaveLength(12)
      expect(ads.slice(0, 2).every((a) => a.id.startsWith('own-'))).toBe(true)
      expect(ads.slice(2).every((a) => a.id.startsWith('gen-'))).toBe(true)
    }
    expect(list({ province: 'ON', sort: 'price-asc' }, mine)[0]?.id).toBe('own-cheap')
  })

  it("applies the filters to the user's own ads too", () => {
    const mine = [ownAd(), ownAd({ id: 'own-bc', province: 'BC', city: 'Vancouver' })]
    expect(list({ province: 'BC' }, mine)[0]?.id).toBe('own-bc')
    expect(list({ province: 'ON', verifiedOnly: true }, mine).some((a) => a.id.startsWith('own'))).toBe(false)
  })
})

describe('pagination', () => {
  it('shows 12 ads per page and counts the pages', () => {
    const page = queryListing({ own: [], generated }, base)
    expect(page.items).toHaveLength(12)
    expect(page.total).toBe(130)
    expect(page.pageCount).toBe(11)
    expect(page.page).toBe(1)
  })

  it('returns the right slice for a page, and a short last page', () => {
    const all = list({})
    const third = paginate(all, 3)
    expect(third.items).toEqual(all.slice(24, 36))
    const last = paginate(all, 11)
    expect(last.items).toEqual(all.slice(120))
    expect(last.items).toHaveLength(10)
  })

  it('clamps out-of-range pages and copes with no results', () => {
    const all = list({})
    expect(paginate(all, 99).page).toBe(11)
    expect(paginate(all, 0).page).toBe(1)
    expect(paginate(all, Number.NaN).page).toBe(1)
    expect(paginate([], 4)).toEqual({ items: [], total: 0, page: 1, pageCount: 1 })
  })

  it('draws every page number when few, and a window with gaps when many', () => {
    expect(pageNumbers(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(pageNumbers(1, 7)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(pageNumbers(1, 11)).toEqual([1, 2, null, 11])
    expect(pageNumbers(6, 11)).toEqual([1, null, 5, 6, 7, null, 11])
    expect(pageNumbers(11, 11)).toEqual([1, null, 10, 11])
    expect(pageNumbers(3, 11)).toEqual([1, 2, 3, 4, null, 11])
  })
})

describe('the listing path', () => {
  it('matches the province case-insensitively and accepts ALL', () => {
    expect(resolveListingPath('on', 'adult-castings')).toEqual({ province: 'ON', category: 'adult-castings' })
    expect(resolveListingPath('Qc', 'adult-services')?.province).toBe('QC')
    expect(resolveListingPath('all', 'adult-pics-vids')?.province).toBe('ALL')
  })

  it('defaults an unknown or missing category to adult-buy-sell', () => {
    expect(resolveListingPath('ON', 'nonsense')?.category).toBe('adult-buy-sell')
    expect(resolveListingPath('ON', undefined)?.category).toBe('adult-buy-sell')
  })

  it('rejects an unknown province', () => {
    expect(resolveListingPath('XX', 'adult-buy-sell')).toBeUndefined()
    expect(resolveListingPath('', 'adult-buy-sell')).toBeUndefined()
  })
})
