// Characters that change how text is drawn without being seen: bidi overrides, embeddings and
// isolates (U+202A–202E, U+2066–2069) make a title render backwards or reorder a phone number, and
// zero-width spaces, joiners and BOMs (U+200B–200D, U+2060, U+FEFF) split words so the moderation
// matcher and search never see them. Stripped on input, in the one payload definition the app and
// the server share, so a draft and its stored ad agree.

const INVISIBLE = /[\u202A-\u202E\u2066-\u2069\u200B-\u200D\u2060\uFEFF]/g
// what may stand before an emoji's joiner: a pictograph, its emoji-style selector or a skin tone
const JOINS_AFTER = /^(?:\p{Extended_Pictographic}|\uFE0F|[\u{1F3FB}-\u{1F3FF}])$/u
const JOINS_BEFORE = /^\p{Extended_Pictographic}$/u

function codePointBefore(text: string, offset: number): string {
  const low = text.charCodeAt(offset - 1)
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1
  return start < 0 ? '' : String.fromCodePoint(text.codePointAt(start) ?? 0)
}

function codePointAfter(text: string, offset: number): string {
  const point = text.codePointAt(offset + 1)
  return point === undefined ? '' : String.fromCodePoint(point)
}

/**
 * The text without bidi controls and zero-width characters, except the joiner inside an emoji
 * sequence (👨‍👩‍👧, ❤️‍🔥), which draws one emoji instead of three. Linear in the text's length.
 */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, (char, offset: number) =>
    char === '\u200D' &&
    JOINS_AFTER.test(codePointBefore(text, offset)) &&
    JOINS_BEFORE.test(codePointAfter(text, offset))
      ? char
      : '',
  )
}
