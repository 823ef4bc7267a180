import { describe, expect, it } from 'vitest'
import { listingCanonicalPath, listingQuery, parseListingSearch } from './listing-search.ts'

// the router hands validateSearch whatever the URL held; the typed input only shapes links
const parse = (search: Record<string, unknown>) =>
  parseListingSearch(search as Parameters<typeof parseListingSearch>[0])

describe('listing search params', () => {
  it('fills the defaults: all cities, page 1, newest first, every ad', () => {
    expect(parse({})).toEqual({ city: 'ALL', page: 1, sort: 'new', verified: false, available: false })
  })

  it('keeps valid params', () => {
    expect(
      parse({
        q: ' robe ',
        city: 'Toronto',
        escortType: 'male-companion',
        page: 3,
        sort: 'price-asc',
        verified: true,
        available: 'true',
      }),
    ).toEqual({
      q: 'robe',
      city: 'Toronto',
      escortType: 'male-companion',
      page: 3,
      sort: 'price-asc',
      verified: true,
      available: true,
    })
  })

  it('reads numbers the router parsed from JSON as text', () => {
    expect(parse({ q: 123 }).q).toBe('123')
    expect(parse({ page: '2' }).page).toBe(2)
  })

  it('falls back instead of failing on a hand-edited URL', () => {
    expect(
      parse({
        page: -4,
        sort: 'cheapest',
        escortType: 'robot',
        verified: 'maybe',
        city: {},
        available: 'yes',
      }),
    ).toEqual({
      city: 'ALL',
      page: 1,
      sort: 'new',
      verified: false,
      available: false,
    })
    expect(parse({ page: 1.5 }).page).toBe(1)
  })
})

describe('a listing URL as an API query and as a canonical URL', () => {
  it('asks GET /ads for the path and the filters, the companion type only for Adult Companions', () => {
    const search = parse({ city: 'Toronto', escortType: 'female-companion', q: 'silk', page: 2 })
    expect(listingQuery('on', 'adult-buy-sell', search)).toEqual({
      province: 'ON',
      category: 'adult-buy-sell',
      city: 'Toronto',
      escortType: undefined,
      q: 'silk',
      sort: undefined,
      verified: undefined,
      available: undefined,
      page: 2,
    })
    expect(listingQuery('on', 'adult-buy-sell', parse({ available: 'true' })).available).toBe(true)
    expect(listingQuery('ALL', 'adult-services', search).escortType).toBe('female-companion')
    expect(listingQuery('ALL', 'no-such-category', search).category).toBe('adult-buy-sell')
  })

  it('keeps the city, companion type and page in the canonical URL, never the keyword or sort', () => {
    const search = parse({
      city: 'Montréal',
      escortType: 'male-companion',
      q: 'x',
      sort: 'price-asc',
      page: 3,
    })
    expect(listingCanonicalPath(listingQuery('QC', 'adult-services', search))).toBe(
      '/ca/QC/adult-services?city=Montr%C3%A9al&escortType=male-companion&page=3',
    )
    expect(listingCanonicalPath(listingQuery('on', 'adult-buy-sell', parse({})))).toBe(
      '/ca/ON/adult-buy-sell',
    )
  })
})
