import { createServer, type Server, type Socket } from 'node:net'

// A loopback SMTP server just large enough for nodemailer: it accepts every message (no TLS, no
// auth), decodes its text body and keeps it, so the cluster test can follow a mailed link.

export interface ReceivedMail {
  from: string
  to: string[]
  subject: string
  text: string
}

export interface SmtpReceiver {
  port: number
  mails: ReceivedMail[]
  /** Resolves with the first mail to `to` that arrives (or has arrived) within `timeoutMs`. */
  waitFor(to: string, timeoutMs: number): Promise<ReceivedMail>
  close(): Promise<void>
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
  return Buffer.from(bytes, 'latin1').toString('utf8')
}

/** The subject and the text of a single-part message as nodemailer writes one. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n')
  const head = split === -1 ? raw : raw.slice(0, split)
  const body = split === -1 ? '' : raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '').toLowerCase()
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body
  return { subject: headers.get('subject') ?? '', text }
}

function serve(socket: Socket, store: (mail: ReceivedMail) => void): void {
  let buffer = ''
  let inData = false
  let from = ''
  let to: string[] = []
  const reply = (line: string) => socket.write(`${line}\r\n`)
  reply('220 maple-cluster-smtp ready')
  socket.setEncoding('latin1')
  socket.on('error', () => {})
  socket.on('data', (chunk: string) => {
    buffer += chunk
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n')
        if (end === -1) return
        // a line that starts with a dot was sent with a second one (RFC 5321 4.5.2)
        const raw = buffer.slice(0, end).replace(/\r\n\.\./g, '\r\n.')
        buffer = buffer.slice(end + 5)
        inData = false
        store({ from, to, ...parseMessage(Buffer.from(raw, 'latin1').toString('latin1')) })
        to = []
        reply('250 2.0.0 queued')
        continue
      }
      const newline = buffer.indexOf('\r\n')
      if (newline === -1) return
      const line = buffer.slice(0, newline)
      buffer = buffer.slice(newline + 2)
      const verb = line.slice(0, 4).toUpperCase()
      if (verb === 'EHLO') reply('250 maple-cluster-smtp')
      else if (verb === 'HELO') reply('250 maple-cluster-smtp')
      else if (verb === 'MAIL') {
        from = /<([^>]*)>/.exec(line)?.[1] ?? ''
        reply('250 2.1.0 ok')
      } else if (verb === 'RCPT') {
        to.push((/<([^>]*)>/.exec(line)?.[1] ?? '').toLowerCase())
        reply('250 2.1.5 ok')
      } else if (verb === 'DATA') {
        inData = true
        reply('354 end data with <CR><LF>.<CR><LF>')
      } else if (verb === 'QUIT') {
        reply('221 2.0.0 bye')
        socket.end()
        return
      } else if (verb === 'RSET' || verb === 'NOOP') reply('250 2.0.0 ok')
      else reply('502 5.5.2 not implemented')
    }
  })
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = []
  const waiting: { to: string; resolve: (mail: ReceivedMail) => void }[] = []
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    serve(socket, (mail) => {
      mails.push(mail)
      for (const waiter of [...waiting]) {
        if (!mail.to.includes(waiter.to)) continue
        waiting.splice(waiting.indexOf(waiter), 1)
        waiter.resolve(mail)
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('SMTP receiver has no port')
  return {
    port: address.port,
    mails,
    waitFor(to, timeoutMs) {
      const wanted = to.toLowerCase()
      const arrived = mails.find((mail) => mail.to.includes(wanted))
      if (arrived) return Promise.resolve(arrived)
      return new Promise((resolve, reject) => {
        const waiter = {
          to: wanted,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer)
            resolve(mail)
          },
        }
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1)
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms`))
        }, timeoutMs)
        waiting.push(waiter)
      })
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
