import { describe, expect, it } from 'vitest'
import { foldAccents } from './fold-accents.ts'

describe('foldAccents', () => {
  it('drops accents and case, so a query without them finds the name with them', () => {
    expect(foldAccents('Montréal')).toBe('montreal')
    expect(foldAccents('QUÉBEC')).toBe('quebec')
    expect(foldAccents('Trois-Rivières')).toBe('trois-rivieres')
  })
  it('keeps everything else as it is (punctuation and spaces are the caller’s to handle)', () => {
    expect(foldAccents("St. John's")).toBe("st. john's")
  })
})
