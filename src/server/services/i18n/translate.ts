// Puts an API text into the language the request asked for. English is the default and the contract:
// a text with no translation goes out in English rather than not at all.
import type { Language } from '#domain/languages.ts'
import { DETAILS_FR, PATTERNS_FR } from './details-fr.ts'

function translateOne(text: string): string | undefined {
  const exact = DETAILS_FR[text]
  if (exact) return exact
  for (const [pattern, write] of PATTERNS_FR) {
    const match = pattern.exec(text)
    if (match) return write(...match.slice(1))
  }
  return undefined
}

/**
 * The text in `language`. Validation answers join "field: message" parts with "; "
 * (src/server/plugins/errors.ts): each part is translated on its own, the field name kept.
 */
export function translateText(language: Language, text: string): string {
  if (language === 'en' || text === '') return text
  const whole = translateOne(text)
  if (whole) return whole
  return text
    .split('; ')
    .map((part) => {
      const alone = translateOne(part)
      if (alone) return alone
      const colon = part.indexOf(': ')
      if (colon < 0) return part
      const message = translateOne(part.slice(colon + 2))
      return message ? `${part.slice(0, colon)} : ${message}` : part
    })
    .join('; ')
}
