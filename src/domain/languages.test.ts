import { describe, expect, it } from 'vitest'
import { pickLanguage } from './languages.ts'

describe('the language an Accept-Language header picks', () => {
  it('picks French for a French Canadian browser and English for an English one', () => {
    expect(pickLanguage('fr-CA,fr;q=0.9,en;q=0.8')).toBe('fr')
    expect(pickLanguage('fr-CA')).toBe('fr')
    expect(pickLanguage('en-CA,en;q=0.9,fr;q=0.8')).toBe('en')
  })

  it('follows the weights, not the order', () => {
    expect(pickLanguage('en;q=0.5, fr;q=0.9')).toBe('fr')
  })

  it('falls back to English for other languages, no header or nonsense', () => {
    expect(pickLanguage('de-DE,es;q=0.8')).toBe('en')
    expect(pickLanguage(undefined)).toBe('en')
    expect(pickLanguage('')).toBe('en')
    expect(pickLanguage(';;;,,q=,fr;q=abc')).toBe('en')
    expect(pickLanguage('fr;q=0')).toBe('en')
  })
})
