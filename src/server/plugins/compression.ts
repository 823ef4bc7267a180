import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { chosenEncoding, compress, MIN_COMPRESSED_BYTES } from '#server/http/content-encoding.ts'
import { appendVary } from '#server/http/vary.ts'

function isJson(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type')
  return typeof type === 'string' && type.startsWith('application/json')
}

// one person's answers (wallet, charges, admin, own ads: all `no-store`) stay as they are, so no
// secret ever shares a compressed answer with text an attacker chose (the BREACH attack)
function isPersonal(reply: FastifyReply): boolean {
  return String(reply.getHeader('cache-control') ?? '').includes('no-store')
}

/**
 * Public API answers (JSON) of 1 kB or more go out compressed when the client takes brotli or gzip: a page
 * of a listing is about 6.5 kB of JSON, about 1.5 kB compressed, which a phone on a slow network
 * waits for on every search and page turn. Pages and built files are compressed where they are made
 * (routes/pages.ts, the build's .br/.gz files). Registered on the root before the routes, so it runs
 * before a route's own onSend: the answer cache (020) keeps the compressed bytes, one copy per
 * encoding, and a repeat costs no compression.
 */
async function compression(app: FastifyInstance): Promise<void> {
  // callback style: every answer passes through this hook (docs/decisions/019-api-answer-cost.md)
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      payload.length < MIN_COMPRESSED_BYTES ||
      reply.getHeader('content-encoding') !== undefined ||
      !isJson(reply) ||
      isPersonal(reply)
    ) {
      done(null, payload)
      return
    }
    // the same URL answers in several encodings: caches must keep them apart
    appendVary(reply, 'Accept-Encoding')
    const encoding = chosenEncoding(request.headers['accept-encoding'])
    if (encoding === 'identity') {
      done(null, payload)
      return
    }
    reply.header('content-encoding', encoding)
    done(null, compress(payload, encoding))
  })
}

export default fp(compression, { name: 'compression' })
