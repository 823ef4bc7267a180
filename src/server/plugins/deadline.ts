import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { coded } from '#domain/api/error-codes.ts'
import { errorBody, sendUnavailable } from '#server/http/error-answers.ts'

// one warning per this long at most, with how many requests ran out meanwhile
const REPORT_EVERY_MS = 10_000

/** What a body must bring in each stall window to count as arriving: 8 KiB, a phone on a poor link does. */
const STALL_MIN_BYTES = 8 * 1024

interface OpenRequest {
  /** since when its whole body has been there (or now, while it arrives) */
  since: number
  /** the socket's bytes read when the body last made progress, and when */
  bytes: number
  progressAt: number
}

/**
 * The bound behind every other one (REQUEST_TIMEOUT_MS): a request whose body has arrived and
 * that has no answer `timeoutMs` later is answered 503 with Retry-After. The database and the media
 * store have tighter bounds of their own (docs/decisions/027-health-and-draining.md); this one is
 * for whatever has none. A body still arriving (an upload on a slow link) does not count, as long as
 * it arrives: one that brings less than 8 KiB in `stallMs` (a byte every few seconds holds a socket
 * and a parser for as long as the sender likes) is answered 408 and its connection closed. Requests
 * are swept once a second instead of each getting a timer.
 */
async function deadline(app: FastifyInstance): Promise<void> {
  const { REQUEST_TIMEOUT_MS: timeoutMs, BODY_STALL_MS: stallMs } = app.config
  const open = new Map<FastifyReply, OpenRequest>()
  let missed = 0
  let reportedAt = 0

  app.addHook('onRequest', (request, reply, done) => {
    const now = Date.now()
    open.set(reply, { since: now, bytes: request.raw.socket?.bytesRead ?? 0, progressAt: now })
    done()
  })
  app.addHook('onResponse', (_request, reply, done) => {
    open.delete(reply)
    done()
  })

  const stalled = (reply: FastifyReply, entry: OpenRequest, now: number): boolean => {
    const bytes = reply.request.raw.socket?.bytesRead ?? entry.bytes
    if (bytes - entry.bytes >= STALL_MIN_BYTES) {
      entry.bytes = bytes
      entry.progressAt = now
    }
    return now - entry.progressAt >= stallMs
  }

  const cutStalled = (reply: FastifyReply) => {
    const seconds = Math.round(stallMs / 1000)
    reply.log.info({ url: reply.request.url, stallMs }, 'a request body stalled: answered 408')
    reply
      .code(408)
      .header('connection', 'close')
      .send(errorBody(reply.request.language, { error: coded('request.body_too_slow', { seconds }) }))
    // the rest of the body will not be read: the socket goes once the answer is out
    reply.raw.once('finish', () => reply.request.raw.socket?.destroy())
  }

  const sweep = () => {
    const now = Date.now()
    for (const [reply, entry] of open) {
      if (reply.raw.headersSent || reply.raw.destroyed) open.delete(reply)
      // an injected request (tests) has no `complete`: it is all there
      else if (reply.request.raw.complete === false) {
        entry.since = now
        if (stalled(reply, entry, now)) {
          open.delete(reply)
          cutStalled(reply)
        }
      } else if (now - entry.since >= timeoutMs) {
        open.delete(reply)
        missed++
        if (now - reportedAt >= REPORT_EVERY_MS) {
          reply.log.warn(
            { timeoutMs, requests: missed, url: reply.request.url },
            'requests without an answer past REQUEST_TIMEOUT_MS answered 503',
          )
          reportedAt = now
          missed = 0
        }
        sendUnavailable(reply)
      }
    }
  }
  const timer = setInterval(
    sweep,
    Math.min(1_000, Math.max(10, Math.floor(Math.min(timeoutMs, stallMs) / 4))),
  )
  timer.unref()
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer)
    done()
  })
}

export default fp(deadline, { name: 'deadline', dependencies: ['core'] })
