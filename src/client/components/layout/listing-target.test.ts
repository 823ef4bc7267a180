import { describe, expect, it } from 'vitest'
import { cityTarget, listingHref, parseListingPath, provinceTarget, searchTarget } from './listing-target.ts'

describe('parseListingPath', () => {
  it('reads the province case-insensitively and the category of a listing URL', () => {
    expect(parseListingPath('/ca/on/adult-castings')).toEqual({ province: 'ON', category: 'adult-castings' })
    expect(parseListingPath('/ca/all/adult-services/')).toEqual({
      province: 'ALL',
      category: 'adult-services',
    })
  })

  it('falls back to ALL and adult-buy-sell for unknown segments', () => {
    expect(parseListingPath('/ca/zz/nope')).toEqual({ province: 'ALL', category: 'adult-buy-sell' })
  })

  it('is null outside listings', () => {
    expect(parseListingPath('/')).toBeNull()
    expect(parseListingPath('/contact')).toBeNull()
    expect(parseListingPath('/ca/on')).toBeNull()
  })
})

describe('searchTarget', () => {
  it('searches adult-buy-sell in all of Canada when not on a listing', () => {
    const target = searchTarget({ pathname: '/', search: {} }, '  lingerie ')
    expect(target).toEqual({ province: 'ALL', category: 'adult-buy-sell', search: { q: 'lingerie' } })
    expect(listingHref(target)).toBe('/ca/ALL/adult-buy-sell?q=lingerie')
  })

  it('does not carry the params of a non-listing page except the city', () => {
    const target = searchTarget(
      { pathname: '/checkout', search: { type: 'post', adId: 'a1', city: 'Toronto' } },
      'x',
    )
    expect(target.search).toEqual({ q: 'x', city: 'Toronto' })
  })

  it('stays in the current province and category and keeps the city and other params', () => {
    const target = searchTarget(
      {
        pathname: '/ca/qc/adult-services',
        search: { city: 'Montréal', escortType: 'male-companion', q: 'old' },
      },
      'massage',
    )
    expect(target).toEqual({
      province: 'QC',
      category: 'adult-services',
      search: { city: 'Montréal', escortType: 'male-companion', q: 'massage' },
    })
  })

  it('goes back to the first page and drops q when the keyword is blank', () => {
    const target = searchTarget(
      { pathname: '/ca/BC/adult-castings', search: { page: 3, q: 'old', city: 'Surrey' } },
      ' ',
    )
    expect(target.search).toEqual({ city: 'Surrey' })
  })
})

describe('provinceTarget and cityTarget', () => {
  it('changes the province, keeps category and params but drops the old city and page', () => {
    const target = provinceTarget(
      { pathname: '/ca/ON/adult-pics-vids', search: { city: 'Toronto', page: 2, q: 'set' } },
      'AB',
    )
    expect(listingHref(target)).toBe('/ca/AB/adult-pics-vids?q=set')
  })

  it('picks a city in the current listing, keeping other params', () => {
    const target = cityTarget(
      { pathname: '/ca/on/adult-services', search: { escortType: 'female-companion', page: 4 } },
      'ON',
      'Ottawa',
    )
    expect(listingHref(target)).toBe('/ca/ON/adult-services?escortType=female-companion&city=Ottawa')
  })

  it('leaves the city out of the URL for All cities', () => {
    const target = cityTarget(
      { pathname: '/ca/ON/adult-castings', search: { city: 'Toronto', q: 'a' } },
      'ON',
      'ALL',
    )
    expect(listingHref(target)).toBe('/ca/ON/adult-castings?q=a')
  })

  it('goes to adult-buy-sell of the chosen province from a non-listing page', () => {
    expect(listingHref(provinceTarget({ pathname: '/', search: {} }, 'NS'))).toBe('/ca/NS/adult-buy-sell')
    expect(listingHref(cityTarget({ pathname: '/', search: {} }, 'NS', 'Halifax'))).toBe(
      '/ca/NS/adult-buy-sell?city=Halifax',
    )
  })
})
