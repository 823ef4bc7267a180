import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { appendVary } from './security.ts'

export type ContentEncoding = 'br' | 'gzip' | 'identity'

/**
 * The encoding an answer goes out in: brotli, else gzip, when the client's Accept-Encoding takes
 * it (a `;q=0` refuses it, `*` takes both), else none.
 */
export function chosenEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  if (acceptEncoding === undefined) return 'identity'
  const quality = new Map<string, number>()
  for (const item of String(acceptEncoding).split(',')) {
    const [name = '', ...params] = item.split(';').map((part) => part.trim().toLowerCase())
    const q = params.find((p) => p.startsWith('q='))
    const value = q === undefined ? 1 : Number(q.slice(2))
    if (name !== '') quality.set(name, Number.isFinite(value) ? value : 0)
  }
  const takes = (name: string) => (quality.get(name) ?? quality.get('*') ?? 0) > 0
  return takes('br') ? 'br' : takes('gzip') ? 'gzip' : 'identity'
}

/** Compresses for the chosen encoding (brotli at 4: about a tenth of the bytes of a listing in ~60 µs). */
export function compress(body: Buffer | string, encoding: 'br' | 'gzip'): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body
  if (encoding === 'gzip') return gzipSync(bytes)
  return brotliCompressSync(bytes, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  })
}

// below this, compression saves less than a packet's worth and costs a call
export const MIN_COMPRESSED_BYTES = 1024

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
export function registerCompression(app: FastifyInstance): void {
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
