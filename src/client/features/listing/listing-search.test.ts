import { describe, expect, it } from 'vitest'
import { parseListingSearch } from './listing-search.ts'

// the router hands validateSearch whatever the URL held; the typed input only shapes links
const parse = (search: Record<string, unknown>) =>
  parseListingSearch(search as Parameters<typeof parseListingSearch>[0])

describe('listing search params', () => {
  it('fills the defaults: all cities, page 1, newest first, every ad', () => {
    expect(parse({})).toEqual({ city: 'ALL', page: 1, sort: 'new', verified: false })
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
      }),
    ).toEqual({
      q: 'robe',
      city: 'Toronto',
      escortType: 'male-companion',
      page: 3,
      sort: 'price-asc',
      verified: true,
    })
  })

  it('reads numbers the router parsed from JSON as text', () => {
    expect(parse({ q: 123 }).q).toBe('123')
    expect(parse({ page: '2' }).page).toBe(2)
  })

  it('falls back instead of failing on a hand-edited URL', () => {
    expect(parse({ page: -4, sort: 'cheapest', escortType: 'robot', verified: 'maybe', city: {} })).toEqual({
      city: 'ALL',
      page: 1,
      sort: 'new',
      verified: false,
    })
    expect(parse({ page: 1.5 }).page).toBe(1)
  })
})
