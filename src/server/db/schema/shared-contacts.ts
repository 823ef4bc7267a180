import { sql } from 'drizzle-orm'
import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core'
import { CONTACT_KINDS } from '#domain/api/shared-contacts.ts'

/**
 * A shared contact an admin judged harmless (docs/decisions/055-shared-contacts.md), for the very set
 * of accounts that shared it then: a further account sharing it brings it back to the queue.
 */
export const sharedContactDismissals = pgTable(
  'shared_contact_dismissals',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    kind: text('kind', { enum: CONTACT_KINDS }).notNull(),
    contact: text('contact').notNull(),
    // the accounts' ids, sorted and joined by commas
    accounts: text('accounts').notNull(),
    admin: text('admin').notNull(),
    reason: text('reason').notNull().default(''),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('shared_contact_dismissals_once').on(t.kind, t.contact, t.accounts)],
)
