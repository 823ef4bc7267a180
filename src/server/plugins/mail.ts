import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { createMailSender, type MailSender, smtpTransport } from '#server/services/mail/sender.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's background sender; null without SMTP_URL (mail then stays in the outbox). */
    mailSender: MailSender | null
  }
}

/**
 * Starts the background sender when SMTP_URL is set and stops it with the app. Routes queue mail
 * with enqueueMail and call `app.mailSender?.wake()` after their transaction commits.
 */
async function mail(app: FastifyInstance): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = app.config
  const sender = SMTP_URL
    ? createMailSender({
        db: app.database.db,
        ...smtpTransport(SMTP_URL, MAIL_FROM),
        log: app.log,
        outages: app.outages,
        observer: {
          failed: (dropped) => app.metrics.countMailFailure(dropped),
          succeeded: app.metrics.watchTask('mail_sender'),
        },
      })
    : null
  app.decorate('mailSender', sender)
  if (sender) app.addHook('onClose', () => sender.stop())
}

export default fp(mail, { name: 'mail', dependencies: ['core', 'metrics'] })
