import type { FastifyInstance, FastifyReply } from 'fastify'
import { sendUnavailable } from './errors.ts'

// one warning per this long at most, with how many requests ran out meanwhile
const REPORT_EVERY_MS = 10_000

/**
 * The bound behind every other one (REQUEST_TIMEOUT_MS): a request whose body has arrived and
 * that has no answer `timeoutMs` later is answered 503 with Retry-After. The database and the media
 * store have tighter bounds of their own (docs/decisions/027-health-and-draining.md); this one is
 * for whatever has none. A body still arriving (an upload on a slow link) does not count: the HTTP
 * server's own requestTimeout bounds that. Requests are swept once a second instead of each getting
 * a timer.
 */
export function registerDeadline(app: FastifyInstance, timeoutMs: number): void {
  // each open request, and since when its whole body has been there
  const open = new Map<FastifyReply, number>()
  let missed = 0
  let reportedAt = 0

  app.addHook('onRequest', (_request, reply, done) => {
    open.set(reply, Date.now())
    done()
  })
  app.addHook('onResponse', (_request, reply, done) => {
    open.delete(reply)
    done()
  })

  const sweep = () => {
    const now = Date.now()
    for (const [reply, since] of open) {
      if (reply.raw.headersSent || reply.raw.destroyed) open.delete(reply)
      // an injected request (tests) has no `complete`: it is all there
      else if (reply.request.raw.complete === false) open.set(reply, now)
      else if (now - since >= timeoutMs) {
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
  const timer = setInterval(sweep, Math.min(1_000, Math.max(10, Math.floor(timeoutMs / 4))))
  timer.unref()
  app.addHook('onClose', (_instance, done) => {
    clearInterval(timer)
    done()
  })
}
