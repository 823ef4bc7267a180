import { and, eq, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { type OutageLog, outageOf } from '#server/outages.ts'
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

/** What the sender tells the metrics (services/metrics/metrics.ts, docs/decisions/041-fault-drill.md). */
export interface MailObserver {
  /** A send failed: it is tried again later, or it was the last attempt and the mail is dropped. */
  failed(dropped: boolean): void
  /** A pass ended with every claimed mail sent and none waiting out a back-off this sender gave it. */
  succeeded(): void
}

export const MAIL_BATCH = 20
/** After this many failed attempts (about four hours of back-off: 1, 2, 4 … 60 minutes) a mail is dropped and the failure logged. */
export const MAIL_MAX_ATTEMPTS = 10
const POLL_MS = 5_000
// the SMTP server is asked whether it answers again at most this long per poll
const VERIFY_TIMEOUT_MS = 5_000

/** Sends through SMTP_URL with nodemailer; `verify` asks the server whether it answers (connect, greet, log in). */
export function smtpTransport(
  smtpUrl: string,
  from: string,
): { send: SendMail; verify: () => Promise<void> } {
  const transport = createTransport(smtpUrl)
  return {
    send: async ({ to, subject, text, headers }) => {
      await transport.sendMail({ from, to, subject, text, ...(headers ? { headers } : {}) })
    },
    verify: async () => {
      await transport.verify()
    },
  }
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

interface OutboxRow {
  id: string
  to: string
  subject: string
  text: string
  headers: Record<string, string> | null
  attempts: number
}

/**
 * Drains the outbox table in the background. A batch is claimed with FOR UPDATE SKIP LOCKED and
 * its rows leased by pushing next_attempt_at forward (1, 2, 4 … minutes, at most an hour), so
 * several API processes never send one mail twice, and a process that dies mid-send only delays
 * the mail until its lease ends. A sent row is deleted: no live link stays at rest. Logs name the
 * row and the subject only, never the text or link (they hold tokens).
 */
export function createMailSender(deps: {
  db: Db
  send: SendMail
  log: SenderLog
  /** Whether the SMTP server answers again, asked while mails wait out a back-off (no mail is due). */
  verify?: () => Promise<void>
  observer?: MailObserver
  /** A drain the database's outage failed is one line per outage there, not a stack per poll (041). */
  outages?: OutageLog
}): MailSender {
  const { db, send, log, verify, observer, outages } = deps
  let running: Promise<number> | undefined
  let again = false
  let stopped = false
  // the mails this sender failed to send and left waiting out their back-off, with the attempt count
  // it left them at: once SMTP answers again they are made due at once, instead of each waiting up to
  // an hour (the drill saw 115 s after SMTP came back, docs/decisions/041-fault-drill.md)
  const backingOff = new Map<string, number>()

  async function claim(): Promise<OutboxRow[]> {
    // The due ids are picked once, in a MATERIALIZED CTE: as `WHERE id IN (SELECT … LIMIT n FOR UPDATE
    // SKIP LOCKED)` PostgreSQL may run the subquery again per row it updates and claim far more than a
    // batch (as services/jobs/claim.ts found, docs/decisions/045-jobs.md)
    const result = await db.execute(sql`
      WITH due AS MATERIALIZED (
        SELECT ${outbox.id} FROM ${outbox}
        WHERE ${outbox.nextAttemptAt} <= now()
        ORDER BY ${outbox.createdAt}
        LIMIT ${MAIL_BATCH}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${outbox} SET
        attempts = ${outbox.attempts} + 1,
        next_attempt_at = now() + least(interval '1 minute' * power(2, ${outbox.attempts}), interval '1 hour')
      FROM due WHERE ${outbox.id} = due.id
      RETURNING ${outbox.id}, ${outbox.to}, ${outbox.subject}, ${outbox.text}, ${outbox.headers}, ${outbox.attempts}`)
    // both drivers answer raw SQL with { rows }; the shared Db type leaves it unknown
    return (result as unknown as { rows: OutboxRow[] }).rows
  }

  /** Makes the mails this sender left backing off due now; a row another sender claimed since is left alone. */
  async function release(): Promise<void> {
    for (const [id, attempts] of [...backingOff]) {
      await db
        .update(outbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(and(eq(outbox.id, id), eq(outbox.attempts, attempts)))
      backingOff.delete(id)
    }
  }

  async function drainOnce(): Promise<{ sent: number; failed: number }> {
    let sent = 0
    let failed = 0
    for (const row of await claim()) {
      try {
        await send({
          to: row.to,
          subject: row.subject,
          text: row.text,
          ...(row.headers ? { headers: row.headers } : {}),
        })
        await db.delete(outbox).where(eq(outbox.id, row.id))
        backingOff.delete(row.id)
        sent += 1
      } catch (error) {
        failed += 1
        const message = error instanceof Error ? error.message : String(error)
        const gaveUp = row.attempts >= MAIL_MAX_ATTEMPTS
        if (gaveUp) {
          await db.delete(outbox).where(eq(outbox.id, row.id))
          backingOff.delete(row.id)
        } else {
          backingOff.set(row.id, row.attempts)
        }
        observer?.failed(gaveUp)
        log.error(
          { mail: row.id, subject: row.subject, attempts: row.attempts, error: message },
          gaveUp ? 'mail dropped after too many failed attempts' : 'mail not sent, will retry',
        )
      }
    }
    return { sent, failed }
  }

  /** After a pass: mails wait out a back-off this sender gave them; does SMTP answer again? */
  async function answersAgain(pass: { sent: number; failed: number }): Promise<boolean> {
    if (backingOff.size === 0 || pass.failed > 0) return false
    if (pass.sent > 0) return true
    if (!verify) return false
    return bounded(verify(), VERIFY_TIMEOUT_MS).then(
      () => true,
      () => false,
    )
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
        const pass = await drainOnce()
        total += pass.sent
        if (await answersAgain(pass)) {
          await release()
          again = true
        }
        if (pass.failed === 0 && backingOff.size === 0) observer?.succeeded()
      } while (again && !stopped)
      return total
    })().finally(() => {
      running = undefined
    })
    return running
  }

  function drainQuietly() {
    if (stopped) return
    drain().catch((error: unknown) => {
      const dependency = outageOf(error)
      if (dependency && outages) outages.failed(dependency, error)
      else log.error({ err: error }, 'mail outbox drain failed')
    })
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
