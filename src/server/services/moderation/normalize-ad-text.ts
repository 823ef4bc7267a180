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
import { FOLDS } from './letter-folds.ts'
import { hasStretchedLetters, plainAsciiView, type View } from './plain-ascii-view.ts'

export type SymbolMode = 'punctuation' | 'letters'
export type OneMode = 'i' | 'l'

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
export function rawTokens(folded: string, symbols: SymbolMode): string[] {
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
