// The matcher's view of a text (normalize-ad-text.ts), and its one-pass reading of plain ASCII text,
// the common case (docs/decisions/022-moderation-check-cost.md).

/** What the matcher scans: tokens joined by single spaces. */
export interface View {
  text: string
  /** soft[i] === 1: a word may start at i (and end just before it) though no space is there */
  soft: Uint8Array | null
}

/**
 * Whether a Latin letter appears three times in a row (views hold folded text, and a number like
 * 1000 is never stretched). A loop: the backreference regex was a tenth of a check's time.
 */
export function hasStretchedLetters(text: string): boolean {
  let run = 1
  for (let i = 1; i < text.length; i++) {
    const code = text.charCodeAt(i)
    run = code === text.charCodeAt(i - 1) && code >= 97 && code <= 122 ? run + 1 : 1
    if (run === 3) return true
  }
  return false
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
