// A slow mobile network for a whole browser: an HTTP proxy on loopback that holds each request for
// the round trip and hands every response's bytes out at one shared download rate. DevTools' own
// network emulation is set per page, and what the browser fetches or renders ahead of a tap for that
// page (src/domain/speculation-rules.ts) is not that page's: under it those requests ran at loopback
// speed (docs/decisions/035-start-size.md, "Rendered ahead"). Chromium is pointed here with
// `--proxy-server` and `--proxy-bypass-list=<-loopback>`.
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface NetworkShape {
  /** added once to every request, before its answer starts (ms) */
  latencyMs: number
  /** bytes per second, shared by every answer in flight */
  downloadBytesPerSecond: number
}

export interface ThrottlingProxy {
  /** for Chromium's `--proxy-server` */
  address: string
  close(): Promise<void>
}

export async function startThrottlingProxy(shape: NetworkShape): Promise<ThrottlingProxy> {
  // when the shared downlink is next free (ms, Date.now() clock)
  let downlinkFreeAt = 0
  const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
  const server: Server = createServer((incoming, outgoing) => {
    const target = new URL(incoming.url ?? '/', `http://${incoming.headers.host ?? '127.0.0.1'}`)
    const started = Date.now()
    const upstream = request(
      target,
      { method: incoming.method, headers: incoming.headers },
      async (answer) => {
        answer.pause()
        await delay(started + shape.latencyMs - Date.now())
        outgoing.writeHead(answer.statusCode ?? 502, answer.rawHeaders)
        // every chunk waits for the downlink: answers in flight share its rate, first come first served
        const chunks: Buffer[] = []
        let ended = false
        let sending = false
        const send = async () => {
          if (sending) return
          sending = true
          for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
            const at = Math.max(Date.now(), downlinkFreeAt)
            downlinkFreeAt = at + (chunk.length / shape.downloadBytesPerSecond) * 1000
            await delay(downlinkFreeAt - Date.now())
            outgoing.write(chunk)
          }
          sending = false
          if (ended) outgoing.end()
        }
        answer.on('data', (chunk: Buffer) => {
          chunks.push(chunk)
          void send()
        })
        answer.on('end', () => {
          ended = true
          if (!sending) outgoing.end()
        })
        answer.on('error', () => outgoing.destroy())
        answer.resume()
      },
    )
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
