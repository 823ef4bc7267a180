import { timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

/** The account a row belongs to: deleting the account deletes its rows with it. */
export const ownerUserId = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' })

/** When the row was written or last changed, as an instant (timestamptz), set by the database. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
