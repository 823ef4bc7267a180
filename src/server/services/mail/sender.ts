import { asc, eq, inArray, lte, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/mail.ts'
import type { MailMessage } from './outbox.ts'

export type SendMail = (message: MailMessage) => Promise<void>

export interface MailSender {
  /** Asks for a drain soon (after a mail was queued); never waits for it. */
  wake(): void
  /** Sends every due mail now; resolves with how many went out. */
  drain(): Promise<number>
  /** Stops the timer and waits for a drain in progress. */
  stop(): Promise<void>
}

interface SenderLog {
  info(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

export const MAIL_BATCH = 20
/** After this many failed attempts (about four hours of back-off: 1, 2, 4 … 60 minutes) a mail is dropped and the failure logged. */
export const MAIL_MAX_ATTEMPTS = 10
const POLL_MS = 5_000

/** Sends through SMTP_URL with nodemailer. */
export function smtpSend(smtpUrl: string, from: string): SendMail {
  const transport = createTransport(smtpUrl)
  return async ({ to, subject, text }) => {
    await transport.sendMail({ from, to, subject, text })
  }
}

/**
 * Drains the outbox table in the background. A batch is claimed with FOR UPDATE SKIP LOCKED and
 * its rows leased by pushing next_attempt_at forward (1, 2, 4 … minutes, at most an hour), so
 * several API processes never send one mail twice, and a process that dies mid-send only delays
 * the mail until its lease ends. A sent row is deleted: no live link stays at rest. Logs name the
 * row and the subject only, never the text or link (they hold tokens).
 */
export function createMailSender(deps: { db: Db; send: SendMail; log: SenderLog }): MailSender {
  const { db, send, log } = deps
  let running: Promise<number> | undefined
  let again = false
  let stopped = false

  async function claim() {
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(lte(outbox.nextAttemptAt, sql`now()`))
      .orderBy(asc(outbox.createdAt))
      .limit(MAIL_BATCH)
      .for('update', { skipLocked: true })
    return db
      .update(outbox)
      .set({
        attempts: sql`${outbox.attempts} + 1`,
        nextAttemptAt: sql`now() + least(interval '1 minute' * power(2, ${outbox.attempts}), interval '1 hour')`,
      })
      .where(inArray(outbox.id, due))
      .returning()
  }

  async function drainOnce(): Promise<number> {
    let sent = 0
    for (const row of await claim()) {
      try {
        await send({ to: row.to, subject: row.subject, text: row.text })
        await db.delete(outbox).where(eq(outbox.id, row.id))
        sent += 1
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS
        if (gaveUp) await db.delete(outbox).where(eq(outbox.id, row.id))
        log.error(
          { mail: row.id, subject: row.subject, attempts: row.attempts, error: message },
          gaveUp ? 'mail dropped after too many failed attempts' : 'mail not sent, will retry',
        )
      }
    }
    return sent
  }

  function drain(): Promise<number> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      let total = 0
      do {
        again = false
        total += await drainOnce()
      } while (again && !stopped)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  function drainQuietly() {
    if (stopped) return
    drain().catch((error: unknown) => log.error({ err: error }, 'mail outbox drain failed'))
  }

  const timer = setInterval(drainQuietly, POLL_MS)
  timer.unref()

  return {
    wake: () => setImmediate(drainQuietly),
    drain,
    async stop() {
      stopped = true
      clearInterval(timer)
      await running?.catch(() => undefined)
    },
  }
}
