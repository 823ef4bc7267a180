import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http'
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify'
import { logsRequests, redactUrl } from '#server/logging.ts'

/** The hits of one route's kept answers: a plain integer, read only when metrics are scraped. */
interface RouteHits {
  hits: number
}

interface KeptAnswer {
  headers: Record<string, string>
  body: Buffer
  isCurrent: () => boolean
  tally: RouteHits
}

// beyond this many answers or bytes the cache starts over rather than growing without bound: a client
// asking many distinct URLs (every city prefix, each with up to 5,000 places) must not fill the memory
const MAX_ANSWERS = 10_000
const MAX_BYTES = 64 * 1024 * 1024
// Node writes these per connection and per answer itself
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding'])

/**
 * What an answer may depend on besides the URL: the Origin (a listed one gets CORS headers), the
 * credentials, the Accept-Encoding that chose its encoding (plugins/compression.ts), and the
 * Accept-Language or the region header that chose a page's language when no cookie did (routes/pages.ts), as sent: the
 * same header always chooses the same, and a hit then reads no header's parts. An answer kept for
 * one token is only ever given to the same token again.
 */
function keyOf(url: string, headers: IncomingHttpHeaders, regionHeader: string | undefined): string {
  const { origin, authorization, cookie } = headers
  const accepts = headers['accept-encoding']
  const languages = headers['accept-language']
  const region = regionHeader === undefined ? undefined : headers[regionHeader]
  if (
    origin === undefined &&
    authorization === undefined &&
    cookie === undefined &&
    accepts === undefined &&
    languages === undefined &&
    region === undefined
  )
    return url
  return `${url}\n${origin ?? ''}\n${authorization ?? ''}\n${cookie ?? ''}\n${accepts ?? ''}\n${languages ?? ''}\n${region ?? ''}`
}

/**
 * Whole answers to repeated GETs, headers and bytes, given again before the request enters Fastify
 * (docs/decisions/020-answer-cache.md). A route opts in twice: its options spread `keptAnswers`
 * (the hook that stores the answer as it leaves, after every other hook has had its say) and its
 * handler calls `keepAnswer(reply, isCurrent)` with the test of whether the data behind the answer
 * is still the same. Only 200 answers to GETs sent as bytes are kept. The key is the URL, the Origin
 * and the credentials (`keyOf`), so an answer that depends on anything else (the language, a rate
 * limit, the client's address) must not be kept; and one that depends on a session must be kept
 * only while the session is (the wallet's test checks it as requireUser would).
 */
export class AnswerCache {
  private readonly answers = new Map<string, KeptAnswer>()
  // by route pattern, so as many as there are routes that keep answers; never cleared
  private readonly tallies = new Map<string, RouteHits>()
  private bytes = 0
  private open = true
  /** Draining (SIGTERM): every answer closes its connection, so clients reconnect elsewhere. */
  draining = false
  private log: FastifyBaseLogger | undefined

  /** `regionHeader`: REGION_HEADER, which can choose a page's language too (services/pages/page-language.ts). */
  constructor(private readonly regionHeader?: string) {}

  /** Where a line goes for each answer given, when the logger writes request lines (info and below). */
  logTo(logger: FastifyBaseLogger): void {
    this.log = logsRequests(logger) ? logger : undefined
  }

  /** Answers the request from the cache and returns true, or returns false and leaves it alone. */
  answer(req: IncomingMessage, res: ServerResponse): boolean {
    if (this.answers.size === 0 || req.method !== 'GET' || req.url === undefined) return false
    const key = keyOf(req.url, req.headers, this.regionHeader)
    const kept = this.answers.get(key)
    if (kept === undefined) return false
    if (!kept.isCurrent()) {
      this.answers.delete(key)
      this.bytes -= kept.body.length
      return false
    }
    res.writeHead(200, kept.headers)
    res.end(kept.body)
    kept.tally.hits++
    this.log?.info(
      { method: 'GET', url: redactUrl(req.url), statusCode: 200 },
      'answered from the answer cache',
    )
    return true
  }

  keep(request: FastifyRequest, reply: FastifyReply, body: Buffer, isCurrent: () => boolean): void {
    if (!this.open || request.method !== 'GET' || reply.statusCode !== 200) return
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value === undefined || PER_ANSWER_HEADERS.has(name)) continue
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
    }
    headers['content-length'] = String(body.length)
    if (this.answers.size >= MAX_ANSWERS || this.bytes + body.length > MAX_BYTES) this.clear()
    const key = keyOf(request.raw.url ?? request.url, request.headers, this.regionHeader)
    this.bytes += body.length - (this.answers.get(key)?.body.length ?? 0)
    this.answers.set(key, { headers, body, isCurrent, tally: this.tallyOf(request.routeOptions.url) })
  }

  private tallyOf(route = 'unmatched'): RouteHits {
    let tally = this.tallies.get(route)
    if (tally === undefined) {
      tally = { hits: 0 }
      this.tallies.set(route, tally)
    }
    return tally
  }

  /** Requests answered from the cache since the start, by route pattern (for GET /metrics). */
  hitsByRoute(): Map<string, number> {
    return new Map([...this.tallies].map(([route, tally]) => [route, tally.hits]))
  }

  private clear(): void {
    this.answers.clear()
    this.bytes = 0
  }

  /** From now on every request goes through Fastify (closing: it answers `Connection: close`). */
  close(): void {
    this.open = false
    this.clear()
  }

  /**
   * From now on (SIGTERM, before closing) every answer says `Connection: close`: a balancer's
   * kept-alive connection ends after its current request, and its next one opens a new connection,
   * which the balancer sends to a process that is not draining (docs/decisions/027-health-and-draining.md).
   */
  drain(): void {
    this.close()
    this.draining = true
  }
}

/** Fastify's `serverFactory`: the HTTP server Fastify would make, asking the cache first. */
export function answerCacheServer(
  cache: AnswerCache,
  /** answers a request of its own before the cache and Fastify (the view beacon, 053); false if not its */
  first: (req: IncomingMessage, res: ServerResponse) => boolean = () => false,
): NonNullable<FastifyServerOptions['serverFactory']> {
  return (handler) => {
    const server: Server = createServer((req, res) => {
      if (cache.draining) res.setHeader('connection', 'close')
      if (!first(req, res) && !cache.answer(req, res)) handler(req, res)
    })
    // what Fastify sets on a server it makes itself, with its defaults (lib/server.js)
    server.keepAliveTimeout = 72_000
    server.setTimeout(0)
    // except receiving a request, which Fastify leaves unbounded: Node's own default, 5 minutes for
    // the whole request (a 50 MB video at 1.4 Mbit/s), so a client that never finishes sending does
    // not hold a connection for ever. Answering it is bounded by REQUEST_TIMEOUT_MS (plugins/deadline.ts)
    server.requestTimeout = 300_000
    return server
  }
}

const currentTests = new WeakMap<FastifyReply, () => boolean>()

/** Lets this answer be kept while `isCurrent()` holds (the route's options spread `keptAnswers`). */
export function keepAnswer(reply: FastifyReply, isCurrent: () => boolean): void {
  currentTests.set(reply, isCurrent)
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache
  }
}

/** Route options storing the answer its handler let be kept, as it leaves. */
export const keptAnswers = {
  onSend(
    this: { answerCache: AnswerCache },
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void {
    const isCurrent = currentTests.get(reply)
    if (isCurrent !== undefined && Buffer.isBuffer(payload))
      this.answerCache.keep(request, reply, payload, isCurrent)
    done(null, payload)
  },
}
