import { describe, expect, it } from 'vitest'
import { type SearchNameWords, savedSearchName } from './saved-search-name.ts'

const english: SearchNameWords = {
  place: (province) => (province === 'ALL' ? 'All Canada' : province === 'ON' ? 'Ontario' : province),
  category: (key) => (key === 'adult-buy-sell' ? 'Adult Buy & Sell' : key),
  companion: (type) => (type === 'female-companion' ? 'Female Companion' : type),
  quoted: '"{q}"',
  verified: 'Verified only',
}

const search = {
  province: 'ON',
  category: 'adult-buy-sell' as const,
  city: 'Toronto',
  q: 'silk',
  escortType: null,
  verified: false,
}

describe('savedSearchName', () => {
  it('names a search by its city, category and quoted words', () => {
    expect(savedSearchName(search, english)).toBe('Toronto · Adult Buy & Sell · "silk"')
  })

  it('names every city by the province, and leaves out words not searched', () => {
    expect(savedSearchName({ ...search, city: null, q: null }, english)).toBe('Ontario · Adult Buy & Sell')
    expect(savedSearchName({ ...search, province: 'ALL', city: null, q: null }, english)).toBe(
      'All Canada · Adult Buy & Sell',
    )
  })

  it('names the companion type rather than the category, and says when only verified ads are wanted', () => {
    expect(
      savedSearchName(
        { ...search, category: 'adult-services', escortType: 'female-companion', q: null, verified: true },
        english,
      ),
    ).toBe('Toronto · Female Companion · Verified only')
  })

  it('quotes the words the language’s way', () => {
    expect(savedSearchName(search, { ...english, quoted: '« {q} »' })).toBe(
      'Toronto · Adult Buy & Sell · « silk »',
    )
  })
})
