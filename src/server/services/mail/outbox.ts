import { desc, eq } from 'drizzle-orm'
import type { OutboxMessage } from '#domain/api/auth.ts'
import type { Db } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/mail.ts'

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
