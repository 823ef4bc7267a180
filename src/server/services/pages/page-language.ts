import type { FastifyReply, FastifyRequest } from 'fastify'
import { isLanguage, isQuebecPage, isQuebecRegion, type Language, pickLanguage } from '#domain/languages.ts'
import { appendVary } from '#server/http/vary.ts'

// The language a visitor chose with the EN/FR switch: src/client/i18n/messages.ts writes it as
// `language=`; `lang=` is read too, the name this module first expected.
const LANGUAGE_COOKIE = /(?:^|;\s*)lang(?:uage)?=(\w+)/

/**
 * ?lang= (a shared or crawled French URL), else the switch's cookie, else French for a Quebec visitor
 * (a page of Quebec's ads, or REGION_HEADER naming Quebec), else Accept-Language.
 */
export function pageLanguage(request: FastifyRequest, url: URL): Language {
  const fromUrl = url.searchParams.get('lang')
  if (isLanguage(fromUrl)) return fromUrl
  const fromCookie = LANGUAGE_COOKIE.exec(request.headers.cookie ?? '')?.[1]
  if (isLanguage(fromCookie)) return fromCookie
  if (isQuebecPage(url.pathname)) return 'fr'
  const regionHeader = request.server.config?.REGION_HEADER
  if (regionHeader && isQuebecRegion(request.headers[regionHeader])) return 'fr'
  // the header itself rather than request.language: Fastify's answers before routing (a URL it cannot
  // read, http/framework-errors.ts) get a request without the plugins' decorations
  return pickLanguage(request.headers['accept-language'])
}

/** Says what `pageLanguage` read, for caches between the server and the visitor. */
export function varyOnLanguage(reply: FastifyReply): void {
  appendVary(reply, 'Accept-Language')
  appendVary(reply, 'Cookie')
  const regionHeader = reply.server.config?.REGION_HEADER
  if (regionHeader) appendVary(reply, regionHeader)
}
