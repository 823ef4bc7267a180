import type { FastifyInstance } from 'fastify'
import { type Language, pickLanguage } from '#domain/languages.ts'
import { translateText } from '#server/services/i18n/translate.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The language the client asked for with Accept-Language; English when none of ours. */
    language: Language
  }
}

function hasText(payload: unknown): payload is Record<string, unknown> {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    (typeof (payload as { detail?: unknown }).detail === 'string' ||
      typeof (payload as { message?: unknown }).message === 'string')
  )
}

/**
 * The API answers in the language the app asks for: every `{ detail }` and `{ message }` body is
 * translated on its way out, so routes and services keep throwing the English texts, which remain
 * the contract (docs/decisions/016-languages.md). Registered on the root so error answers get it too.
 */
export function registerLanguages(app: FastifyInstance): void {
  app.decorateRequest('language', 'en')
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language'])
  })
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!hasText(payload)) return payload
    // the same URL answers in several languages: caches must keep them apart
    reply.header('Vary', 'Accept-Language')
    if (request.language === 'en') return payload
    const translated = { ...payload }
    if (typeof payload.detail === 'string')
      translated.detail = translateText(request.language, payload.detail)
    if (typeof payload.message === 'string')
      translated.message = translateText(request.language, payload.message)
    return translated
  })
}
