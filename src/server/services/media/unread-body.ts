import { Socket } from 'node:net'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * A refused upload's unread rest is read and dropped up to this size, so its kept-alive connection
 * serves the next request at once; past it (or with no declared length) the answer says
 * `Connection: close` instead: the client pays one new connection, we never read 50 MB for nothing.
 */
export const DRAIN_LIMIT_BYTES = 2 * 1024 * 1024
// a client that declares 1 MB and trickles it keeps a socket, not a request slot, for this long at most
const DRAIN_TIMEOUT_MS = 10_000

/**
 * Called before an upload's refusal (401, 413, 415, 429…) is sent. The multipart parser stops
 * reading at the refusal and Node parses the next request on the connection only after this one's
 * body: without this, a request sent after a refused upload on the same socket (a pooling proxy's,
 * another client's) waits for the keep-alive timeout and gets nothing.
 */
export function settleUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw
  // app.inject's requests have no connection to keep
  if (!(raw.socket instanceof Socket) || raw.complete || raw.readableEnded) return
  const declared = Number(raw.headers['content-length'])
  if (!Number.isSafeInteger(declared) || declared > DRAIN_LIMIT_BYTES) {
    reply.header('connection', 'close')
    return
  }
  const socket = raw.socket
  let read = 0
  const timer = setTimeout(() => socket.destroy(), DRAIN_TIMEOUT_MS)
  timer.unref()
  raw.on('data', (chunk: Buffer) => {
    read += chunk.length
    if (read > DRAIN_LIMIT_BYTES) socket.destroy()
  })
  raw.once('close', () => clearTimeout(timer))
  // the parser may still hold the stream through a pipe that has stopped pulling
  raw.unpipe()
  raw.resume()
}
