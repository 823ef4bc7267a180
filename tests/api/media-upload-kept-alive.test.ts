// A refused upload on a kept-alive connection: the socket still answers the next request, or is
// closed at once when the upload is too big to read for nothing.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { type Member, member } from '#tests/support/ads.ts'
import { listen } from '#tests/support/listening-app.ts'
import { jpeg, MEDIA_URL, multipartBody } from '#tests/support/media.ts'
import { setupMediaApp } from '#tests/support/media-app.ts'

const { api } = setupMediaApp()

describe('a refused upload on a kept-alive connection', () => {
  /** Sends raw HTTP/1.1 on one socket and reads one answer at a time, or the socket's end. */
  function rawConnection(port: number) {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let ended = false
    const waiters = new Set<() => void>()
    const wake = () => {
      for (const w of [...waiters]) w()
    }
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      wake()
    })
    socket.on('close', () => {
      ended = true
      wake()
    })
    socket.on('error', () => {})
    /** The next whole answer (its head and Content-Length bytes), or null if the socket closed first. */
    async function answer(): Promise<{ head: string; body: string } | null> {
      for (;;) {
        const split = received.indexOf('\r\n\r\n')
        if (split >= 0) {
          const head = received.subarray(0, split).toString('latin1')
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
          if (received.length >= split + 4 + length) {
            const body = received.subarray(split + 4, split + 4 + length).toString()
            received = received.subarray(split + 4 + length)
            return { head, body }
          }
        }
        if (ended) return null
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done)
            resolve()
          }
          waiters.add(done)
        })
      }
    }
    return { socket, answer, closed: () => ended }
  }

  /** A whole upload request, or (with a declared length) only its start: the rest never comes. */
  function uploadRequest(m: Member, bytes: Buffer, declaredLength?: number): Buffer {
    const body = multipartBody(bytes, 'logo.svg', 'image/svg+xml')
    const boundary = body.headers['content-type'].split('boundary=')[1] ?? ''
    const payload = declaredLength
      ? body.payload.subarray(0, body.payload.length - `\r\n--${boundary}--\r\n`.length)
      : body.payload
    const head =
      `POST ${MEDIA_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
      `Authorization: ${m.auth.authorization}\r\nContent-Type: ${body.headers['content-type']}\r\n` +
      `Content-Length: ${declaredLength ?? body.payload.length}\r\n\r\n`
    return Buffer.concat([Buffer.from(head), payload])
  }

  let port = 0
  async function listening(): Promise<number> {
    port ||= Number(new URL(await listen(api.t)).port)
    return port
  }

  const GET_ROOT = 'GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'

  it('answers the next request on the same socket after a refused 1 MB SVG', async () => {
    const owner = await member(api.t)
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<!-- x -->'.repeat(100_000)}</svg>`)
    const conn = rawConnection(await listening())
    try {
      conn.socket.write(uploadRequest(owner, svg))
      const refused = await conn.answer()
      expect(refused?.head).toMatch(/^HTTP\/1\.1 415/)
      conn.socket.write(GET_ROOT)
      const next = await conn.answer()
      expect(next?.head).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      conn.socket.destroy()
    }
  })

  it('closes the connection after refusing an upload too big to read for nothing', async () => {
    const owner = await member(api.t)
    const start = await jpeg(64, 64)
    const conn = rawConnection(await listening())
    try {
      // a photo past 15 MB, in a body declared bigger still: reading the rest would cost 48 MB for nothing
      const photoStart = Buffer.concat([start, Buffer.alloc(16 * 1024 * 1024, 7)])
      conn.socket.write(uploadRequest(owner, photoStart, 64 * 1024 * 1024))
      const refused = await conn.answer()
      expect(refused?.head).toMatch(/^HTTP\/1\.1 4\d\d/)
      expect(refused?.head).toMatch(/\r\nconnection: close/i)
      // the client learns it at once and opens a new connection, instead of a hang
      expect(await conn.answer()).toBeNull()
      expect(conn.closed()).toBe(true)
    } finally {
      conn.socket.destroy()
    }
  })
})
