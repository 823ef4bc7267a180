import { describe, expect, it } from 'vitest'
import { DEFAULT_BANNED_PHRASES } from './default-phrases.ts'
import { createMatcher } from './matcher.ts'

const matcher = createMatcher(DEFAULT_BANNED_PHRASES)
const found = (text: string) => matcher.match(text)

describe('banned-phrase matcher', () => {
  it('finds a phrase in any case', () => {
    expect(found('Hot TEEN available')).toEqual(['teen'])
  })

  it('finds a phrase whatever its accents, on either side', () => {
    expect(found('jolie ecoliere')).toEqual(['écolière'])
    expect(found('jolie ÉCOLIÈRE')).toEqual(['écolière'])
    const french = createMatcher(['mineur'])
    expect(french.match('une mïneure? non, un mïneur')).toEqual(['mineur'])
    expect(french.match('MINEUR')).toEqual(['mineur'])
  })

  it.each([
    ['letters spaced out', 'hot t e e n here'],
    ['dots between letters', 'hot t.e.e.n here'],
    ['dashes between letters', 'hot t-e-e-n here'],
    ['mixed separators', 'hot t. e_e /n here'],
    ['punctuation inside the word', 'hot te.en here'],
    ['digits for letters', 'hot t33n here'],
    ['7 for t', 'hot 7een here'],
    ['spaced digits', 'hot t 3 3 n here'],
    ['stretched letters', 'hot teeeeeen here'],
    ['zero-width space inside', 'hot te\u200Ben here'],
    ['Cyrillic look-alikes', 'hot t\u0435\u0435n here'],
    ['fullwidth letters', 'hot ｔｅｅｎ here'],
    ['followed by punctuation', 'so hot, teen!!!'],
  ])('sees through %s', (_form, text) => {
    expect(found(text)).toEqual(['teen'])
  })

  it.each([
    ['0 for o and 1 for i', 'sch00lg1rl'],
    ['$ for s and ! for i', '$choolg!rl'],
    ['@ for a', 'j@ilb@it'],
    ['4 and 3', 'und3r4g3'],
    ['5 for s', '5choolgirl'],
  ])('sees through symbol swaps: %s', (_form, text) => {
    expect(found(`cute ${text} for you`)).toHaveLength(1)
  })

  it('finds a phrase inside a longer run of spelled-out letters', () => {
    expect(found('i am a s c h o o l g i r l')).toEqual(['school girl'])
    expect(found('x t e e n x')).toEqual(['teen'])
  })

  it('reads 1 as l where that spells the phrase', () => {
    expect(found('1o1ita')).toEqual(['lolita'])
    expect(found('ch1ld')).toEqual(['child'])
  })

  it('matches whole words only', () => {
    expect(found('Vintage canteen, army surplus')).toEqual([])
    expect(found('Kidney-shaped pool float')).toEqual([])
    expect(found('Childish Gambino vinyl')).toEqual([])
    expect(found('Enfantin costume')).toEqual([])
  })

  it('finds a phrase of several words across spacing and punctuation', () => {
    expect(found('she had no choice')).toEqual(['no choice'])
    expect(found('she had NO-CHOICE')).toEqual(['no choice'])
    expect(found('she had no...choice')).toEqual(['no choice'])
    expect(found('she had n o c h o i c e')).toEqual(['no choice'])
    expect(found('barely, legal')).toEqual(['barely legal'])
  })

  it('does not let a multi-word phrase run into the next word', () => {
    expect(found('there is no choicest cut')).toEqual([])
  })

  it('finds every phrase present, each once', () => {
    const result = found('Teen schoolgirl, no choice. TEEN again, t33n again')
    expect(result.sort()).toEqual(['no choice', 'school girl', 'teen'])
  })

  it('finds both the short and the long phrase when one contains the other', () => {
    expect(found('against human trafficking').sort()).toEqual(['human trafficking', 'trafficking'])
  })

  it.each([
    'Leather jacket, barely worn, size M. Pickup in Montréal.',
    'Ten dollars each, or 3 for $25!',
    'Vintage canteen and camping gear',
    'Discreet, respectful, 18+ only. Call 514-555-0199.',
    'Kidney beans, childproof lid, enfantin humour',
    'lol I love it, minor wear on the sleeve',
    'Photoshoot for adults, ID checked at the door',
    'i.e. the 13 inch model, 1000 watts',
  ])('lets ordinary ad text through: %s', (text) => {
    expect(found(text)).toEqual([])
  })

  // a hyphenated word is read as its parts, so "teen-aged" trips "teen": on an adult board that is
  // a word worth rewording, not a false positive worth code that would also let "teen-girl" through
  it('rejects teen-aged, which is read as teen plus aged', () => {
    expect(found('Teen-aged leather jacket')).toEqual(['teen'])
  })

  it('finds nothing with an empty list', () => {
    expect(createMatcher([]).match('anything at all')).toEqual([])
  })

  it('finds a phrase among thousands, and nothing where there is none', () => {
    const phrases = Array.from({ length: 5000 }, (_, i) => `word${i.toString(36)} filler${i}`)
    phrases.push('needle phrase')
    const big = createMatcher(phrases)
    const text = `${'ordinary words in an ordinary ad. '.repeat(200)} a NEEDLE-phrase here`
    expect(big.size).toBe(5001)
    expect(big.match(text)).toEqual(['needle phrase'])
    expect(big.match('ordinary words in an ordinary ad. '.repeat(200))).toEqual([])
  })
})
