import { z } from 'zod'
import { MAX_PASSWORD_LENGTH } from '../constants.ts'
import { says } from './error-codes.ts'

// A signed-in user's privacy rights under PIPEDA and Quebec's Law 25: a copy of their data, and the
// deletion of their account (docs/decisions/034-privacy-and-retention.md).

export const PrivacyPaths = {
  /** GET: every piece of the user's data as one zip archive */
  export: '/account/export',
  /** DELETE { password }: the account, its ads and media go at once (204) */
  account: '/account',
} as const

export const DeleteAccountRequestSchema = z.object({
  password: z.string().min(1, says('auth.password_required')).max(MAX_PASSWORD_LENGTH),
})
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>

// 400, not 401: the session is fine, and a 401 would make the client sign the user out

/** How long each kind of data is kept: the privacy page and the retention job read the same numbers. */
export const RETENTION = {
  /** mails waiting in the outbox (links in them expire within a day) */
  outboxDays: 7,
  /** used or expired email-verification and password-reset links */
  accountTokenDays: 7,
  /** the hashed address of a report (for daily caps and independent reporters) */
  reportAddressDays: 30,
  /** an account whose email was never verified */
  unverifiedAccountDays: 30,
  /** a finished job (a reminder, an alert, a scheduled bump), kept so its cause is never run twice */
  jobDays: 30,
  /** an ad's daily counts (views, reveals, alerts): its owner sees the last 30 days */
  adStatsDays: 35,
  /** the ledger of a deleted account, pseudonymised (Income Tax Act, s. 230: six years after the tax year) */
  deletedLedgerYears: 7,
} as const
