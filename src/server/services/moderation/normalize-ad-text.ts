/**
 * Turns free text into the token strings the banned-phrase matcher reads.
 *
 * A view is a string of tokens (lower-case, unaccented letters and digits) joined by single spaces,
 * so a phrase "matches whole words" when it starts and ends on a space or the string's edge.
 * Evasion is handled by reading the same text through several views rather than by one clever
 * rewrite, because every rewrite that catches an evasion also blurs ordinary words:
 *
 * - plain:     split on anything that is not a letter or digit ("t.e.e.n" → "t e e n")
 * - collapsed: plain, with runs of two or more one-character tokens joined ("t e e n" → "teen");
 *              only single characters are joined, so "lol i" never becomes "loli". Inside such a
 *              run a word may start or end at any letter ("a t e e n" holds "teen").
 * - squashed:  split on whitespace only, punctuation inside a chunk dropped ("te.en", "under-age")
 *
 * each read twice when the text holds look-alike symbols (@ $ ! |): once with them as punctuation
 * ("teen!" ends a word) and once as letters ("ch!ld", "$ex"); twice more when it holds 1 or |,
 * which stand for i as often as for l; and once more with stretched letters shrunk ("teeeen"),
 * applied only to letters repeated three times or more, which English words never do, so "ten"
 * is never read as "teen".
 */

export type SymbolMode = 'punctuation' | 'letters'
export type OneMode = 'i' | 'l'

// Letters NFKD leaves whole; folded so "Ærø" and "aero" compare equal.
const FOLDS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  ħ: 'h',
  ŧ: 't',
  ŀ: 'l',
  // Cyrillic and Greek letters drawn like Latin ones ("tееn" typed with Cyrillic е)
  а: 'a',
  в: 'b',
  е: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ɡ: 'g',
  α: 'a',
  β: 'b',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
}

// Read as letters only inside a token that also has a letter: a lone "13" stays a number, so
// an admin phrase "13" never matches "ie" (as in "i.e.").
const DIGITS: Record<string, string> = { '0': 'o', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b' }
const SYMBOLS: Record<string, string> = { '@': 'a', $: 's', '!': 'i' }
// "$", "@" and "|" are rarely punctuation; "!" usually is, unless a letter follows it ("ch!ld")
const SYMBOL_AS_LETTER = /[@$|]|![^\s!]/u
const ONE_LIKE = /[1|]/

const MARKS_AND_FORMAT = /[\p{M}\p{Cf}]/gu
const FOLDABLE = new RegExp(`[${Object.keys(FOLDS).join('')}]`, 'g')
const LEET_CHAR = /[013-578@$!|]/
const NUMBER = /^\p{N}+$/u
/**
 * Whether a Latin letter appears three times in a row (views hold folded text, and a number like
 * 1000 is never stretched). A loop: the backreference regex was a tenth of a check's time.
 */
function hasStretchedLetters(text: string): boolean {
  let run = 1
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    run = code === text.charCodeAt(i - 1) && code >= 97 && code <= 122 ? run + 1 : 1
    if (run === 3) return true
  }
  return false
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}

const INNER_PUNCTUATION: Record<SymbolMode, RegExp> = {
  punctuation: /[\p{L}\p{N}][^\p{L}\p{N}\s]+[\p{L}\p{N}]/u,
  letters: /[\p{L}\p{N}@$!|][^\p{L}\p{N}@$!|\s]+[\p{L}\p{N}@$!|]/u,
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i])
}

/**
 * Lower case, accents and invisible characters (zero-width spaces, soft hyphens) removed,
 * compatibility forms (fullwidth, mathematical bold) and look-alike letters folded to plain ones.
 */
export function foldText(text: string): string {
  // plain ASCII has no accents, invisible characters or look-alikes: only its case to fold
  if (isAscii(text)) return text.toLowerCase()
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(MARKS_AND_FORMAT, '')
    .replace(FOLDABLE, (c) => FOLDS[c] ?? c)
}

function wordPattern(symbols: SymbolMode): RegExp {
  return symbols === 'letters' ? /[\p{L}\p{N}@$!|]+/gu : /[\p{L}\p{N}]+/gu
}

function nonWordPattern(symbols: SymbolMode): RegExp {
  return symbols === 'letters' ? /[^\p{L}\p{N}@$!|]+/gu : /[^\p{L}\p{N}]+/gu
}

/** Raw tokens of folded text: runs of letters and digits (and look-alike symbols when asked). */
function rawTokens(folded: string, symbols: SymbolMode): string[] {
  return folded.match(wordPattern(symbols)) ?? []
}

/** Whitespace-separated chunks with everything but letters and digits dropped from inside them. */
function squashedTokens(folded: string, symbols: SymbolMode): string[] {
  const nonWord = nonWordPattern(symbols)
  const out: string[] = []
  for (const chunk of folded.split(/\s+/u)) {
    const token = chunk.replace(nonWord, '')
    if (token) out.push(token)
  }
  return out
}

/**
 * A token of a view. `spaced` marks letters that were spelled out one by one ("a t e e n"): where
 * the words were cannot be known, so a phrase may start or end at any of its letters.
 */
export interface Token {
  text: string
  spaced: boolean
}

/** What the matcher scans: tokens joined by single spaces. */
export interface View {
  text: string
  /** soft[i] === 1: a word may start at i (and end just before it) though no space is there */
  soft: Uint8Array | null
}

function plainTokens(texts: readonly string[]): Token[] {
  return texts.map((text) => ({ text, spaced: false }))
}

/** Joins every run of two or more one-character tokens into one spaced token. */
export function collapseSingles(texts: readonly string[]): Token[] {
  const out: Token[] = []
  let run = ''
  const flush = () => {
    if (run.length > 0) out.push({ text: run, spaced: run.length > 1 })
    run = ''
  }
  for (const text of texts) {
    if (text.length === 1) run += text
    else {
      flush()
      out.push({ text, spaced: false })
    }
  }
  flush()
  return out
}

/** Reads digits and look-alike symbols as letters, but only in a token that is not all digits. */
export function readLeet(token: string, one: OneMode): string {
  if (!LEET_CHAR.test(token) || NUMBER.test(token)) return token
  let out = ''
  for (const c of token) {
    if (c === '1' || c === '|') out += one
    else out += DIGITS[c] ?? SYMBOLS[c] ?? c
  }
  return out
}

/** Shrinks each run of three or more identical letters to `keep` letters ("1000" stays a number). */
export function shrinkStretched(text: string, keep: 1 | 2): string {
  return text.replace(/([a-z])\1\1+/g, (_run, c: string) => c.repeat(keep))
}

interface BuiltView {
  view: View
  // a token read 1 or | as i, so reading it as l may spell something else
  readOne: boolean
}

function buildView(tokens: readonly Token[], one: OneMode, keep?: 1 | 2): BuiltView {
  let readOne = false
  let hasSpaced = false
  const texts = tokens.map((token) => {
    let text = token.text
    if (token.spaced) hasSpaced = true
    if (LEET_CHAR.test(text) && !NUMBER.test(text)) {
      if (!readOne && ONE_LIKE.test(text)) readOne = true
      text = readLeet(text, one)
    }
    return keep ? shrinkStretched(text, keep) : text
  })
  const text = texts.join(' ')
  let soft: Uint8Array | null = null
  if (hasSpaced) {
    soft = new Uint8Array(text.length + 1)
    let offset = 0
    tokens.forEach((token, i) => {
      const length = (texts[i] as string).length
      if (token.spaced) soft?.fill(1, offset + 1, offset + length)
      offset += length + 1
    })
  }
  return { view: { text, soft }, readOne }
}

function addView(views: Map<string, View>, view: View): void {
  if (!view.text) return
  const seen = views.get(view.text)
  if (!seen) views.set(view.text, view)
  else if (view.soft) {
    // same letters read two ways: keep every place a word may start
    if (!seen.soft) seen.soft = view.soft
    else
      for (let i = 0; i < view.soft.length; i++)
        seen.soft[i] = (seen.soft[i] as number) | (view.soft[i] as number)
  }
}

function addWithStretched(
  views: Map<string, View>,
  tokens: readonly Token[],
  view: View,
  one: OneMode,
): void {
  addView(views, view)
  if (!hasStretchedLetters(view.text)) return
  addView(views, buildView(tokens, one, 2).view)
  addView(views, buildView(tokens, one, 1).view)
}

const CHAR_TAB = 9
const CHAR_CR = 13
const CHAR_SPACE = 32

function isAsciiAlnum(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57)
}

// \s in ASCII: tab, newline, vertical tab, form feed, carriage return, space
function isAsciiSpace(code: number): boolean {
  return code === CHAR_SPACE || (code >= CHAR_TAB && code <= CHAR_CR)
}

/**
 * The one view of plain ASCII text in which nothing calls for another reading, built in one pass;
 * undefined when something does and `textViews` must take the long way. Most ads are such text,
 * and the long way's regular expressions and token lists were three quarters of a check's time
 * (docs/decisions/022-moderation-check-cost.md). It declines, as the long way would read the text
 * again, on: a non-ASCII character; a look-alike symbol (@ $ |, or ! not followed by a space); punctuation
 * between two letters or digits of a chunk ("te.en"); two one-character tokens in a row ("t e");
 * a digit in a word that also has a letter ("t33n"); a letter three times in a row ("teeen").
 */
export function plainAsciiView(text: string): View | undefined {
  let out = ''
  let tokenStart = -1
  let tokenHasLetter = false
  let tokenHasDigit = false
  let lastTokenLength = 0
  // a run of punctuation with no space in it since the last letter or digit
  let punctuationAfterWord = false
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : CHAR_SPACE
    if (code > 0x7f) return undefined
    if (isAsciiAlnum(code)) {
      if (punctuationAfterWord) return undefined
      if (tokenStart === -1) tokenStart = i
      if (code <= 57) tokenHasDigit = true
      else tokenHasLetter = true
      continue
    }
    if (tokenStart !== -1) {
      const length = i - tokenStart
      if (tokenHasLetter && tokenHasDigit) return undefined
      if (length === 1 && lastTokenLength === 1) return undefined
      const token = text.slice(tokenStart, i).toLowerCase()
      out = out === '' ? token : `${out} ${token}`
      lastTokenLength = length
      tokenStart = -1
      tokenHasLetter = false
      tokenHasDigit = false
      punctuationAfterWord = !isAsciiSpace(code)
    } else if (isAsciiSpace(code)) punctuationAfterWord = false
    // "$", "@" and "|" read as letters anywhere; "!" when anything but a space or another "!"
    // follows it (SYMBOL_AS_LETTER)
    if (code === 36 || code === 64 || code === 124) return undefined
    if (code === 33 && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (!isAsciiSpace(next) && next !== 33) return undefined
    }
  }
  if (hasStretchedLetters(out)) return undefined
  return { text: out, soft: null }
}

/** Every distinct view of a text the matcher should read (see the header comment). */
export function textViews(text: string): View[] {
  const plain = plainAsciiView(text)
  if (plain !== undefined) return plain.text === '' ? [] : [plain]
  return readEveryWay(text)
}

/** `textViews` without the one-pass shortcut (exported so tests can hold the two side by side). */
export function readEveryWay(text: string): View[] {
  const folded = foldText(text)
  const views = new Map<string, View>()
  const symbolModes: SymbolMode[] = SYMBOL_AS_LETTER.test(folded)
    ? ['punctuation', 'letters']
    : ['punctuation']
  for (const symbols of symbolModes) {
    const raw = rawTokens(folded, symbols)
    // in most text no letters are spelled out and no chunk holds punctuation: the other two lists
    // would be the plain one again, so they are not built
    const lists = [plainTokens(raw)]
    const collapsed = collapseSingles(raw)
    if (collapsed.length !== raw.length) lists.push(collapsed)
    // squashing changes something only where punctuation sits between two letters of a chunk
    if (INNER_PUNCTUATION[symbols].test(folded)) {
      const squashed = squashedTokens(folded, symbols)
      if (!sameTexts(squashed, raw)) lists.push(plainTokens(squashed))
    }
    for (const tokens of lists) {
      const asI = buildView(tokens, 'i')
      addWithStretched(views, tokens, asI.view, 'i')
      if (asI.readOne) addWithStretched(views, tokens, buildView(tokens, 'l').view, 'l')
    }
  }
  return [...views.values()]
}

/**
 * The token list of a banned phrase as an admin typed it. Look-alike symbols count as letters
 * where a letter or digit follows them ("$ex"), and as punctuation at the end of a word.
 */
export function phraseTokens(phrase: string, one: OneMode = 'i'): string[] {
  const folded = foldText(phrase).replace(/[@$!|]+(?![\p{L}\p{N}@$!|])/gu, ' ')
  return rawTokens(folded, 'letters').map((t) => readLeet(t, one))
}

/**
 * The form two phrases share when the matcher cannot tell them apart ("Teen", " téen ", "t33n"):
 * the list refuses a second phrase with the same key. Empty when the phrase has no letter or digit.
 */
export function phraseKey(phrase: string): string {
  return phraseTokens(phrase).join(' ')
}

/**
 * The strings the matcher looks for on behalf of one phrase: its words spaced as in a view, and
 * joined (so "no choice" also catches "no-choice" and "n o c h o i c e"), each with 1 read as i
 * and as l.
 */
export function phrasePatterns(phrase: string): string[] {
  const patterns = new Set<string>()
  for (const one of ['i', 'l'] as const) {
    const tokens = phraseTokens(phrase, one)
    if (tokens.length === 0) continue
    patterns.add(tokens.join(' '))
    patterns.add(tokens.join(''))
  }
  return [...patterns]
}
