// A body that trickles in (a byte every few seconds) holds a socket and a parser for as long as its
// sender likes: one that brings less than 8 KiB in BODY_STALL_MS is answered 408 and its connection
// closed (src/server/plugins/deadline.ts). A slow link that keeps bringing data is left alone.
import { connect, type Socket } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'

// long enough that a busy machine's pauses (the sender and the server share this process) never
// look like a stall, short enough for a test
const STALL_MS = 3_000
let t: TestApp
let port = 0
beforeAll(async () => {
  t = await createTestApp({ BODY_STALL_MS: STALL_MS })
  port = Number(new URL(await listen(t)).port)
})
afterAll(() => t.close())

/** Opens a socket and collects what comes back until it closes. */
function open(): { socket: Socket; received: () => string; closed: Promise<void> } {
  const socket = connect(port, '127.0.0.1')
  let text = ''
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1')
  })
  socket.on('error', () => {})
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  return { socket, received: () => text, closed }
}

const head = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`

describe('a request body that stalls', () => {
  it('is answered 408 with a coded refusal, and its connection closed', async () => {
    const conn = open()
    conn.socket.write(head(10_000))
    const started = Date.now()
    // a byte every 200 ms: always something, never enough
    const trickle = setInterval(() => conn.socket.write('{'), 200)
    try {
      await conn.closed
    } finally {
      clearInterval(trickle)
    }
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408/)
    expect(conn.received()).toContain('"code":"request.body_too_slow"')
    // cut about one stall window in, not after the server's 300 s request limit
    expect(Date.now() - started).toBeLessThan(STALL_MS * 6)
  })

  it('is not cut while it keeps bringing data, however long it takes', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(120_000) })
    const conn = open()
    conn.socket.write(head(Buffer.byteLength(body)))
    // 10 KiB every 300 ms: the whole body takes about 3.6 s, more than a stall window
    for (let at = 0; at < body.length; at += 10 * 1024) {
      conn.socket.write(body.slice(at, at + 10 * 1024))
      await sleep(300)
    }
    await expect.poll(() => conn.received(), { timeout: 10_000 }).toMatch(/^HTTP\/1\.1 \d{3}/)
    expect(conn.received()).not.toMatch(/^HTTP\/1\.1 408/)
    conn.socket.destroy()
  })
})
