import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { navigated, navigationErrorPage } from '#server/http/error-page.ts'
import { appendVary } from '#server/http/vary.ts'

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type')
  return typeof type === 'string' && type.startsWith('application/json')
}

function refusalOf(payload: string): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(payload)
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * A refusal a browser navigated to (a missing file, a page form's 403 or 429, an unsubscribe link
 * that expired, a 503 during an outage) is answered as a page in the visitor's page language (`?lang=`,
 * the switch's cookie, then Accept-Language), with the EN/FR switch, instead of raw JSON in the
 * browser's language (docs/decisions/066-french-everywhere.md). The JSON answer is unchanged for
 * everyone else. Registered before compression, which only compresses JSON.
 */
async function errorPages(app: FastifyInstance): Promise<void> {
  // callback style, the status read first: every answer passes here (docs/decisions/019-api-answer-cost.md)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode < 400 || typeof payload !== 'string' || !isJson(reply)) {
      done(null, payload)
      return
    }
    // the same URL answers JSON or a page by what was asked
    appendVary(reply, 'Accept')
    if (!navigated(request)) {
      done(null, payload)
      return
    }
    const refusal = refusalOf(payload)
    const page = refusal && navigationErrorPage(request, reply, reply.statusCode, refusal)
    done(null, page ?? payload)
  })
}

export default fp(errorPages, { name: 'error-pages', dependencies: ['languages'] })
