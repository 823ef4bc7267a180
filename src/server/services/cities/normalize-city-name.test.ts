import { describe, expect, it } from 'vitest'
import { matchesWordPrefix, normalizeForSearch } from './normalize-city-name.ts'

describe('normalizeForSearch', () => {
  it('drops accents and case and turns punctuation into single spaces', () => {
    expect(normalizeForSearch('Montréal')).toBe('montreal')
    expect(normalizeForSearch("St. John's")).toBe('st john s')
    expect(normalizeForSearch('  Trois-Rivières ')).toBe('trois rivieres')
    expect(normalizeForSearch('ÎLE-PERROT')).toBe('ile perrot')
  })
})

describe('matchesWordPrefix', () => {
  it('matches the start of the name or of any word, not the middle of a word', () => {
    const name = normalizeForSearch("St. John's")
    expect(matchesWordPrefix(name, 'st')).toBe(true)
    expect(matchesWordPrefix(name, 'john')).toBe(true)
    expect(matchesWordPrefix(name, normalizeForSearch("john's"))).toBe(true)
    expect(matchesWordPrefix(name, 'ohn')).toBe(false)
  })
})
