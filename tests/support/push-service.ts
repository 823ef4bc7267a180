// A push service played on loopback (docs/decisions/054-alerts.md): an https server with a
// certificate made for the test (openssl), which records what it is sent and answers as told.
import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// @ts-expect-error http_ece (web-push's own dependency) ships no types
import ece from 'http_ece'

export interface Received {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
  /** The sender's port on loopback (which process sent it: tests/support/socket-owner.ts). */
  remotePort: number
}

export interface PushService {
  origin: string
  /** The certificate to trust (an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS's file). */
  cert: string
  certFile: string
  received: Received[]
  /** The status the next requests get (201 by default). */
  answer: (status: number) => void
  /** The next request is received and never answered: its sender stays mid-send until it dies. */
  holdNext: () => void
  /**
   * What a device at `path` gets when it connects: the messages in order, one with a Topic replacing
   * the one of the same topic before it (RFC 8030 section 5.4).
   */
  outstanding: (path: string) => Received[]
  close: () => Promise<void>
}

export async function startPushService(): Promise<PushService> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'))
  const keyFile = join(dir, 'key.pem')
  const certFile = join(dir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  )
  const cert = readFileSync(certFile, 'utf8')
  const received: Received[] = []
  let status = 201
  let hold = false
  const server: Server = createServer({ key: readFileSync(keyFile), cert }, (req, res) => {
    const chunks: Buffer[] = []
    const remotePort = req.socket.remotePort ?? 0
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks), remotePort })
      if (hold) hold = false
      else res.writeHead(status).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `https://127.0.0.1:${port}`,
    cert,
    certFile,
    received,
    answer: (s) => {
      status = s
    },
    holdNext: () => {
      hold = true
    },
    outstanding: (path) => {
      const kept: Received[] = []
      for (const message of received.filter((r) => r.path === path)) {
        const topic = message.headers.topic
        const same = topic === undefined ? -1 : kept.findIndex((k) => k.headers.topic === topic)
        if (same >= 0) kept.splice(same, 1)
        kept.push(message)
      }
      return kept
    },
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A browser's side of a subscription: the keys it gives the server, and how it decrypts a push. */
export function browserKeys() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt: (body: Buffer): unknown =>
      JSON.parse(
        (ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }) as Buffer).toString(
          'utf8',
        ),
      ),
  }
}
