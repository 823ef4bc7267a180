import { sql } from 'drizzle-orm'
import { bigserial, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const VERIFICATION_REQUEST_STATUSES = ['pending', 'approved', 'refused', 'revoked'] as const

/**
 * One row per request an advertiser made to be verified (docs/decisions/031-verified-advertisers.md).
 * `photo_keys` name the private files in the media store (media-keys.ts, `private-` keys that no
 * /media URL can reach); they are deleted from storage and emptied here when an admin decides.
 * Whether an account is verified is users.verified_at, not this table: it is what the ads read.
 */
export const verificationRequests = pgTable(
  'verification_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // the one-time code the photo shows, as it was when the request was made
    code: text('code').notNull(),
    status: text('status', { enum: VERIFICATION_REQUEST_STATUSES }).notNull().default('pending'),
    photoKeys: text('photo_keys').array().notNull().default(sql`'{}'::text[]`),
    // why an admin refused or revoked, shown to the advertiser as written
    reason: text('reason').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    // the admin's username
    decidedBy: text('decided_by'),
  },
  (t) => [
    // one open request per account: a second POST while one waits is a 409
    uniqueIndex('verification_requests_one_pending').on(t.userId).where(sql`${t.status} = 'pending'`),
    index('verification_requests_user_created').on(t.userId, t.createdAt),
    index('verification_requests_pending_created').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('verification_requests_reason_length', sql`char_length(${t.reason}) <= 1000`),
  ],
)
