import { describe, expect, it } from 'vitest'
import { clampPage, isAllCities, pageCount, pageNumbers, resolveListingPath } from './listing.ts'

describe('pagination', () => {
  it('counts pages of 12, and one page for no results', () => {
    expect(pageCount(130)).toBe(11)
    expect(pageCount(120)).toBe(10)
    expect(pageCount(0)).toBe(1)
  })

  it('clamps an out-of-range or unreadable page to the nearest one', () => {
    expect(clampPage(99, 11)).toBe(11)
    expect(clampPage(0, 11)).toBe(1)
    expect(clampPage(2.7, 11)).toBe(2)
    expect(clampPage(Number.NaN, 11)).toBe(1)
    expect(clampPage(undefined, 11)).toBe(1)
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

describe('the city filter', () => {
  it('reads ALL in any case, an empty or a missing city as every city', () => {
    expect(isAllCities('ALL')).toBe(true)
    expect(isAllCities('all')).toBe(true)
    expect(isAllCities(' ')).toBe(true)
    expect(isAllCities(undefined)).toBe(true)
    expect(isAllCities('Toronto')).toBe(false)
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
