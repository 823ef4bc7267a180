import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { type Language, pickLanguage } from '#domain/languages.ts'
import { wordAnswer } from '#server/http/error-answers.ts'
import { appendVary } from '#server/http/vary.ts'

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
 * The API answers in the language the app asks for: every `{ detail }` and `{ message }` body that
 * names its `code` is worded on its way out from the catalogs of src/domain/api (error-words-en.ts,
 * error-words-fr.ts; docs/decisions/016-languages.md, 037-error-codes.md). Registered on the root so
 * error answers get it too.
 */
async function languages(app: FastifyInstance): Promise<void> {
  // read from the header when asked (an error's translation, a sign-up, a page), not on every
  // request: most answers never need it (docs/decisions/015-api-request-cost.md)
  app.decorateRequest('language', {
    getter(this: FastifyRequest): Language {
      return pickLanguage(this.headers['accept-language'])
    },
  })
  // callback style: an async hook costs every answer a promise and a turn of the microtask queue
  app.addHook('preSerialization', (request, reply, payload, done) => {
    if (!hasText(payload)) {
      done(null, payload)
      return
    }
    // the same URL answers in several languages: caches must keep them apart
    appendVary(reply, 'Accept-Language')
    done(null, wordAnswer(request.language, payload))
  })
}

export default fp(languages, { name: 'languages' })
