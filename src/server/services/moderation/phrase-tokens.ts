// A banned phrase as the matcher looks for it: its tokens, the key that tells duplicates apart, and
// the patterns searched in a text's views (normalize-ad-text.ts).
import { foldText, type OneMode, rawTokens, readLeet } from './normalize-ad-text.ts'

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
