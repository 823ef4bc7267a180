import type { IncomingHttpHeaders } from 'node:http'
import { Agent, request } from 'node:https'

// HTTPS through the cluster's HAProxy, trusting only its self-signed certificate: what a browser
// would do, without turning certificate checks off for the whole process.

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
  json<T = Record<string, unknown>>(): T
}

export interface RequestOptions {
  headers?: Record<string, string>
  body?: string | Buffer
  /** Gives up (throws) after this long; the default suits a slow shared machine. */
  timeoutMs?: number
}

export interface Client {
  readonly base: string
  send(method: string, path: string, options?: RequestOptions): Promise<Answer>
  close(): void
}

export function httpsClient(base: string, ca: string): Client {
  const url = new URL(base)
  const agent = new Agent({ ca, keepAlive: true, maxSockets: 64, servername: 'localhost' })
  return {
    base,
    send(method, path, options = {}) {
      const body = options.body === undefined ? undefined : Buffer.from(options.body)
      return new Promise<Answer>((resolve, reject) => {
        const req = request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            servername: 'localhost',
            method,
            path,
            headers: { ...options.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
            timeout: options.timeoutMs ?? 20_000,
          },
          (res) => {
            const chunks: Buffer[] = []
            res.on('data', (chunk: Buffer) => chunks.push(chunk))
            res.on('error', reject)
            res.on('end', () => {
              const bytes = Buffer.concat(chunks)
              resolve({
                status: res.statusCode ?? 0,
                headers: res.headers,
                body: bytes,
                json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
              })
            })
          },
        )
        req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in time`)))
        req.on('error', reject)
        req.end(body)
      })
    },
    close: () => agent.destroy(),
  }
}

/** JSON request headers, with a bearer token when given. */
export function jsonHeaders(token?: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  }
}
