import type { FastifyRequest } from 'fastify'
import { isLanguage, type Language, pickLanguage } from '#domain/languages.ts'

// The language a visitor chose with the EN/FR switch: src/client/i18n/messages.ts writes it as
// `language=`; `lang=` is read too, the name this module first expected.
const LANGUAGE_COOKIE = /(?:^|;\s*)lang(?:uage)?=(\w+)/

/** ?lang= (a shared or crawled French URL), else the switch's cookie, else Accept-Language. */
export function pageLanguage(request: FastifyRequest, url: URL): Language {
  const fromUrl = url.searchParams.get('lang')
  if (isLanguage(fromUrl)) return fromUrl
  const fromCookie = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1]
  if (isLanguage(fromCookie)) return fromCookie
  // the header itself rather than request.language: Fastify's answers before routing (a URL it cannot
  // read, http/framework-errors.ts) get a request without the plugins' decorations
  return pickLanguage(request.headers['accept-language'])
}
