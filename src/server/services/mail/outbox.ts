import { desc, eq } from 'drizzle-orm'
import type { OutboxMessage } from '#domain/api/auth.ts'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/mail.ts'

export interface MailMessage {
  to: string
  subject: string
  text: string
  /** The one link the message is about (verification, reset): kept apart so tests and the dev outbox can use it. */
  link?: string
  /** Extra headers for the sender (an alert's List-Unsubscribe and List-Unsubscribe-Post, RFC 8058). */
  headers?: Record<string, string>
}

/**
 * Queues a mail: one INSERT, inside the caller's transaction when given one. The background sender
 * (sender.ts) delivers it, so the request never waits for SMTP.
 */
export async function enqueueMail(db: Db, message: MailMessage): Promise<void> {
  await db.insert(outbox).values({
    to: message.to,
    subject: message.subject,
    text: message.text,
    link: message.link ?? null,
    headers: message.headers ?? null,
  })
}

/** Latest messages first, optionally only those sent to one address. */
export async function readOutbox(
  db: Db,
  options: { to?: string; limit?: number } = {},
): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.to ? eq(outbox.to, options.to.toLowerCase()) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(options.limit ?? 20)
  return rows.map((r) => ({
    id: r.id,
    to: r.to,
    subject: r.subject,
    text: r.text,
    link: r.link,
    created_at: r.createdAt.toISOString(),
  }))
}
