import { sql } from 'drizzle-orm'
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { LANGUAGES } from '#domain/languages.ts'

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  // always stored lower-case (EmailSchema normalises it), so the unique index is case-insensitive
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  // the language the user signed up in: their mails (verification, reset) are written in it
  language: text('language', { enum: LANGUAGES }).notNull().default('en'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // set on the pseudonymous row that keeps a deleted account's ledger for the tax years the law
  // requires (docs/decisions/034-privacy-and-retention.md): it has no email of a person and can never sign in
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // set while an admin-approved verification stands (docs/decisions/031-verified-advertisers.md):
  // the owner's ads carry verified, and their photos show before review
  verifiedAt: timestamp('verified_at', { withTimezone: true }),
  // the one-time code GET /api/account/verification shows; a request uses it up
  verificationCode: text('verification_code'),
  // set while an admin suspends the account (docs/decisions/055-shared-contacts.md): it cannot sign
  // in, its sessions were ended and its ads held under the category `suspended`
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
})

export const ACCOUNT_TOKEN_PURPOSES = ['verify_email', 'reset_password'] as const
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number]

/**
 * One-time links sent by mail (email verification, password reset). Only the sha256 of the token
 * is stored, so a leaked database cannot be replayed as working links.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
)
