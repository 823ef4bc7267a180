import { describe, expect, it } from 'vitest'
import {
  collapseSingles,
  foldText,
  readEveryWay,
  readLeet,
  shrinkStretched,
  textViews,
} from './normalize-ad-text.ts'
import { phraseKey, phrasePatterns } from './phrase-tokens.ts'
import { plainAsciiView } from './plain-ascii-view.ts'

describe('foldText', () => {
  it('lower-cases and strips accents', () => {
    expect(foldText('ÉCOLIÈRE Mïneure Montréal')).toBe('ecoliere mineure montreal')
  })

  it('removes zero-width characters and soft hyphens so they cannot split a word', () => {
    expect(foldText('te\u200Ben te\u00ADen t\u200De\uFEFFen')).toBe('teen teen teen')
  })

  it('folds fullwidth, mathematical and look-alike Cyrillic letters to plain ones', () => {
    expect(foldText('ｔｅｅｎ 𝐭𝐞𝐞𝐧 t\u0435\u0435n')).toBe('teen teen teen')
  })

  it('folds letters that have no decomposition', () => {
    expect(foldText('Straße Œuvre Łódź')).toBe('strasse oeuvre lodz')
  })
})

describe('readLeet', () => {
  it('reads digits as letters inside a word', () => {
    expect(readLeet('t33n', 'i')).toBe('teen')
    expect(readLeet('und3r4g3', 'i')).toBe('underage')
    expect(readLeet('5ch00lg1rl', 'i')).toBe('schoolgirl')
    expect(readLeet('7een', 'i')).toBe('teen')
  })

  it('reads 1 as i or as l', () => {
    expect(readLeet('ch1ld', 'i')).toBe('child')
    expect(readLeet('1o1ita', 'l')).toBe('lolita')
  })

  it('reads look-alike symbols as letters', () => {
    expect(readLeet('$ch@@l', 'i')).toBe('schaal')
    expect(readLeet('ch!ld', 'i')).toBe('child')
  })

  it('leaves a number alone', () => {
    expect(readLeet('13', 'i')).toBe('13')
    expect(readLeet('2024', 'i')).toBe('2024')
  })
})

describe('collapseSingles', () => {
  it('joins runs of one-character tokens only', () => {
    expect(collapseSingles(['hot', 't', 'e', 'e', 'n', 'here'])).toEqual([
      { text: 'hot', spaced: false },
      { text: 'teen', spaced: true },
      { text: 'here', spaced: false },
    ])
    expect(collapseSingles(['lol', 'i', 'love', 'it']).map((t) => t.text)).toEqual(['lol', 'i', 'love', 'it'])
  })
})

describe('shrinkStretched', () => {
  it('shrinks letters repeated three times or more, never numbers', () => {
    expect(shrinkStretched('teeeeen 1000', 2)).toBe('teen 1000')
    expect(shrinkStretched('chiiiild', 1)).toBe('child')
  })
})

const viewTexts = (text: string) => textViews(text).map((v) => v.text)

describe('textViews', () => {
  it('gives one view for ordinary text', () => {
    expect(textViews('Leather jacket, size M')).toEqual([{ text: 'leather jacket size m', soft: null }])
  })

  it('lets a word start and end at any letter spelled out one by one', () => {
    const spaced = textViews('go a t e e n').find((v) => v.text === 'go ateen')
    expect([...(spaced?.soft ?? [])]).toEqual([0, 0, 0, 0, 1, 1, 1, 1, 0])
  })

  it('reads spaced-out and dotted letters as one word', () => {
    expect(viewTexts('hot t e e n')).toContain('hot teen')
    expect(viewTexts('hot t.e.e.n')).toContain('hot teen')
    expect(viewTexts('hot t-e-e-n')).toContain('hot teen')
  })

  it('reads punctuation inside a word as nothing', () => {
    expect(viewTexts('te.en')).toContain('teen')
    expect(viewTexts('under-age')).toContain('underage')
  })

  it('keeps a word ending in an exclamation mark whole', () => {
    expect(viewTexts('hot teen!')).toContain('hot teen')
    expect(viewTexts('ch!ld')).toContain('child')
  })
})

describe('phraseKey', () => {
  it('is the same for phrases the matcher cannot tell apart', () => {
    expect(phraseKey('  Teen ')).toBe('teen')
    expect(phraseKey('TÉEN')).toBe('teen')
    expect(phraseKey('t33n')).toBe('teen')
    expect(phraseKey('No   Choice')).toBe(phraseKey('no-choice'))
  })

  it('keeps a leading symbol as a letter but drops a trailing one', () => {
    expect(phraseKey('$ex')).toBe('sex')
    expect(phraseKey('help!')).toBe('help')
  })

  it('is empty when the phrase has no letter or digit', () => {
    expect(phraseKey(' !?. ')).toBe('')
  })
})

describe('phrasePatterns', () => {
  it('looks for a phrase of several words both spaced and joined', () => {
    expect(phrasePatterns('No choice')).toEqual(['no choice', 'nochoice'])
  })
})

describe('plainAsciiView', () => {
  // a seeded generator: a failure names a text that can be run again
  function randomTexts(count: number, seed: number): string[] {
    let state = seed
    const next = () => {
      state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
      return state / 2_147_483_648
    }
    const pieces = [
      'teen',
      'Vintage',
      'set',
      'a',
      'I',
      'x',
      '1',
      '3',
      '42',
      '2024',
      'teeen',
      'aa',
      ' ',
      ' ',
      '  ',
      '\n',
      '\t',
      ',',
      '.',
      "'",
      '-',
      '!',
      '!!',
      '@',
      '$',
      '|',
      '(',
      ')',
      '/',
      'é',
      'ｔ',
      '\u200B',
    ]
    return Array.from({ length: count }, () => {
      let text = ''
      const length = Math.floor(next() * 14)
      for (let i = 0; i < length; i++) text += pieces[Math.floor(next() * pieces.length)]
      return text
    })
  }

  it('gives exactly what the long way gives whenever it gives anything', () => {
    let taken = 0
    for (const text of randomTexts(20_000, 7)) {
      const plain = plainAsciiView(text)
      if (plain === undefined) continue
      taken++
      expect(plain.text === '' ? [] : [plain], JSON.stringify(text)).toEqual(readEveryWay(text))
    }
    // the shortcut must be taken often enough for the comparison to mean something
    expect(taken).toBeGreaterThan(2_000)
  })

  it('reads an ordinary ad in one pass', () => {
    expect(plainAsciiView('Vintage lingerie set, barely worn. Pick up downtown (Toronto) or ship!')).toEqual({
      text: 'vintage lingerie set barely worn pick up downtown toronto or ship',
      soft: null,
    })
  })

  it('leaves every evasion to the long way', () => {
    for (const text of [
      't e e n',
      'te.en',
      'under-age',
      't33n',
      'teeeen',
      '$ex',
      'ch!ld',
      'p|ay',
      'a@b',
      'tëen',
      "don't",
    ])
      expect(plainAsciiView(text), text).toBeUndefined()
  })

  it('keeps numbers and one-letter words that stand alone', () => {
    expect(plainAsciiView('Size 8, the 2024 model, a real one!')).toEqual({
      text: 'size 8 the 2024 model a real one',
      soft: null,
    })
  })
})
