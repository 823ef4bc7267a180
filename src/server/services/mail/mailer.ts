import type { FastifyBaseLogger } from 'fastify'
import { createTransport } from 'nodemailer'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { outbox } from '../../db/schema/mail.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The one link the message is about (verification, reset): kept apart so tests and logs can use it. */
  link?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
}

/**
 * SMTP when SMTP_URL is set; otherwise the outbox table plus a log line with the link, so a local
 * `npm start` user can finish sign-up without a mail server.
 */
export function createMailer(config: Config, db: Db, log: FastifyBaseLogger): Mailer {
  if (config.SMTP_URL) {
    const transport = createTransport(config.SMTP_URL)
    return {
      kind: 'smtp',
      async send({ to, subject, text }) {
        await transport.sendMail({ from: config.MAIL_FROM, to, subject, text })
      },
    }
  }
  return {
    kind: 'outbox',
    async send({ to, subject, text, link }) {
      await db.insert(outbox).values({ to, subject, text, link: link ?? null })
      // the link is a live credential: only a local run may print it (production needs SMTP anyway)
      if (config.NODE_ENV === 'production') log.info({ subject }, 'mail kept in the outbox (no SMTP_URL)')
      else log.info({ to, subject, link }, `mail kept in the outbox (no SMTP_URL): ${link ?? subject}`)
    },
  }
}
