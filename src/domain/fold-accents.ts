/**
 * Text in lower case without its accents: "Montréal" → "montreal", "QUÉBEC" → "quebec". The one
 * accent folding of the code (city search, listing filters, ad slugs); NFD splits "é" into "e" and a
 * combining mark, and the marks go. The banned-phrase matcher folds harder (NFKD, look-alike letters:
 * server/services/moderation/normalize-ad-text.ts) and starts from its own rules.
 */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
}
