import { foldAccents } from '#domain/fold-accents.ts'

/**
 * The form names and queries are compared in: lower case, accents stripped (NFD then drop the
 * combining marks), every run of punctuation or spaces as one space. "St. John's" → "st john s",
 * "Montréal" → "montreal", so a query matches by prefix of the name or of any word in it.
 */
export function normalizeForSearch(text: string): string {
  return foldAccents(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** True when `normalizedQuery` starts the name or one of its words (both already normalised). */
export function matchesWordPrefix(normalizedName: string, normalizedQuery: string): boolean {
  return ` ${normalizedName}`.includes(` ${normalizedQuery}`)
}
