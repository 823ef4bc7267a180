import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every mail is written here inside the request and sent later by the background sender
 * (services/mail/sender.ts), so SMTP latency or an outage never shows in an answer, and an answer
 * cannot tell by its timing whether a mail went out. With SMTP_URL a row is deleted once sent (no
 * live link stays at rest); without it the rows stay, so a local user and the tests can follow the
 * links.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    link: text('link'),
    /** Extra headers (an alert's List-Unsubscribe, RFC 8058); null for most mails. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Sending attempts so far; the sender gives up after a bound. */
    attempts: integer('attempts').notNull().default(0),
    /** Not before this time: a claimed row is leased until then, a failed one waits out its back-off. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt), index('outbox_due_idx').on(t.nextAttemptAt)],
)
