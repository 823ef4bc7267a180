import { describe, expect, it } from 'vitest'
import { stripInvisible } from './invisible-text.ts'

describe('stripInvisible', () => {
  it('drops bidi overrides, embeddings and isolates, so a title reads in the order it was typed', () => {
    expect(stripInvisible('Nice \u202Erac\u202C for sale')).toBe('Nice rac for sale')
    expect(stripInvisible('\u202A\u202B\u202D\u2066\u2067\u2068x\u2069')).toBe('x')
  })

  it('drops zero-width spaces, joiners, word joiners and BOMs, even in long runs', () => {
    expect(stripInvisible('Mon\u200Btr\u200C\u200Déal\u2060\uFEFF')).toBe('Montréal')
    expect(stripInvisible(`a${'\u200B'.repeat(5000)}b`)).toBe('ab')
  })

  it('keeps the joiner inside an emoji sequence, and accents, French and emoji alike', () => {
    const family = '👨\u200D👩\u200D👧'
    const heartOnFire = '❤\uFE0F\u200D🔥'
    expect(stripInvisible(`${family} ${heartOnFire}`)).toBe(`${family} ${heartOnFire}`)
    expect(stripInvisible('Lingérie à Québec ✨')).toBe('Lingérie à Québec ✨')
    // a joiner between letters, or dangling after an emoji, is dropped
    expect(stripInvisible('a\u200Db 👍\u200D')).toBe('ab 👍')
  })
})
