// The languages the product speaks, and how a request's Accept-Language picks one. English is the
// default and the contract; French is Canadian French (docs/decisions/016-languages.md).

export const LANGUAGES = ['en', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/** A path of this site keeping the language a link asked for with `?lang=`; without one, the path as it is. */
export function withLanguageParam(path: string, language: Language | null): string {
  if (!language) return path
  const url = new URL(path, 'http://page')
  url.searchParams.set('lang', language)
  return `${url.pathname}${url.search}`
}

/** The Intl locale each language formats money and dates in. */
export const LOCALES = { en: 'en-CA', fr: 'fr-CA' } as const satisfies Record<Language, string>

/**
 * The language an Accept-Language header prefers among ours ("fr-CA,fr;q=0.9,en;q=0.8" → fr), English
 * when it names none of them or cannot be read. Linear in the header's length, which the caller caps.
 */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'en'
  let best: Language = 'en'
  let bestQ = 0
  for (const part of header.slice(0, 500).split(',')) {
    const [tag = '', ...params] = part.trim().split(';')
    const base = tag.trim().toLowerCase().split('-')[0]
    if (!isLanguage(base)) continue
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    const q = qParam === undefined ? 1 : Number(qParam.slice(2))
    // the first of equal weights wins, as the header lists them in order of preference
    if (Number.isFinite(q) && q > bestQ) {
      best = base
      bestQ = q
    }
  }
  return best
}

/**
 * French is the default for a Quebec visitor who has not chosen (docs/decisions/066-french-everywhere.md):
 * one who opens a page of Quebec's ads (`/ca/QC` and below) ...
 */
export function isQuebecPage(pathname: string): boolean {
  return /^\/ca\/qc(?:\/|$)/i.test(pathname)
}

/** ... or whose proxy says they are in Quebec (REGION_HEADER's value: `QC` or `CA-QC`). */
export function isQuebecRegion(value: string | string[] | undefined): boolean {
  return typeof value === 'string' && /^(?:ca-)?qc$/i.test(value.trim())
}
