// The page a browser gets instead of a refusal's JSON when it navigated to it (a link, a form's post,
// an address typed): a missing file, a rate limit on a page's form, an expired unsubscribe link, an
// outage. In the visitor's language, with the EN/FR switch every page has (docs/decisions/066-french-everywhere.md).
import type { FastifyReply, FastifyRequest } from 'fastify'
import { escapeHtml } from '#domain/html-escape.ts'
import { type Language, LOCALES, withLanguageParam } from '#domain/languages.ts'
import { pageLanguage } from '#server/services/pages/page-language.ts'
import { wordAnswer } from './error-answers.ts'
import { appendVary } from './vary.ts'

const WORDS = {
  en: {
    notFound: 'Page not found',
    tooMany: 'Too many requests',
    unavailable: 'Temporarily unavailable',
    refused: 'This request cannot be completed',
    failed: 'Something went wrong',
    home: 'Go to the home page',
    switchLabel: 'Language',
  },
  fr: {
    notFound: 'Page introuvable',
    tooMany: 'Trop de requêtes',
    unavailable: 'Service momentanément indisponible',
    refused: 'Cette demande ne peut pas aboutir',
    failed: 'Une erreur est survenue',
    home: 'Retour à l’accueil',
    switchLabel: 'Langue',
  },
} as const satisfies Record<Language, Record<string, string>>

// each language's name in itself, as the app's switch shows it
const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' }

function titleOf(language: Language, status: number): string {
  const w = WORDS[language]
  if (status === 404 || status === 410) return w.notFound
  if (status === 429) return w.tooMany
  if (status === 503) return w.unavailable
  return status >= 500 ? w.failed : w.refused
}

/** Where the switch leads: this very address in the other language when it can be asked again (a GET), else home. */
export function switchPath(method: string, url: string, language: Language): string {
  const again = method === 'GET' || method === 'HEAD'
  return withLanguageParam(again ? url : '/', language)
}

/**
 * The whole page: `detail` is the refusal's words already in `language` (the catalogs of
 * src/domain/api/error-words-*.ts). No script, one inline style: its CSP allows nothing else.
 */
export function errorPage(
  language: Language,
  status: number,
  detail: string,
  where: { method: string; url: string },
): string {
  const w = WORDS[language]
  const title = titleOf(language, status)
  const other: Language = language === 'en' ? 'fr' : 'en'
  const switchTo = escapeHtml(switchPath(where.method, where.url, other))
  return `<!doctype html>
<html lang="${LOCALES[language]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Maple After Dark</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1c1917;background:#fafaf9}h1{font-size:1.5rem}a{color:#9f1239}nav{text-align:end}</style>
</head><body><nav aria-label="${w.switchLabel}"><a href="${switchTo}" hreflang="${other}" lang="${other}">${LANGUAGE_NAMES[other]}</a></nav>
<main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(detail)}</p>
<p><a href="${withLanguageParam('/', language)}">${w.home}</a></p></main></body></html>
`
}

// what a browser's navigation asks for; the app's fetches and API clients ask for JSON or anything
export function navigated(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html')
}

/**
 * The page to answer instead of `refusal` (an error body, `{ detail, code, params? }`) when the
 * request is a browser's navigation, with the reply's headers set for it; null for anyone else, who
 * gets the JSON. The page is in the visitor's page language (`?lang=`, the switch's cookie, then
 * Accept-Language), not only Accept-Language's as the JSON is.
 */
export function navigationErrorPage(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  refusal: Record<string, unknown>,
): string | null {
  if (!navigated(request) || typeof refusal.detail !== 'string') return null
  const url = request.raw.url ?? request.url
  const language = pageLanguage(request, new URL(url, 'http://page'))
  const worded = wordAnswer(language, refusal)
  appendVary(reply, 'Accept')
  appendVary(reply, 'Cookie')
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
  return errorPage(language, status, String(worded.detail), { method: request.method, url })
}
