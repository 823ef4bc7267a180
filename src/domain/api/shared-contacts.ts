import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'
import { MAX_DECISION_REASON } from './verification.ts'

// One person, one account (docs/decisions/055-shared-contacts.md): a phone number, e-mail or handle
// found in the ads of more than one account, with the accounts side by side for an admin, who
// dismisses the match or suspends an account.

export const SharedContactPaths = {
  queue: '/admin/shared-contacts',
  dismiss: '/admin/shared-contacts/dismiss',
  suspend: (accountId: string) => `/admin/accounts/${accountId}/suspend`,
  unsuspend: (accountId: string) => `/admin/accounts/${accountId}/unsuspend`,
} as const

export const CONTACT_KINDS = ['phone', 'email', 'handle'] as const
export type ContactKind = (typeof CONTACT_KINDS)[number]

/** The most matches the queue shows at once: the ones with the most accounts first. */
export const SHARED_CONTACTS_PAGE = 100
/** The ads shown per account beside a match. */
export const SHARED_CONTACT_ADS_SHOWN = 5

const SharedContactAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.string(),
})

export const SharedContactAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.string(),
  verified: z.boolean(),
  /** when an admin suspended the account, null while it is not */
  suspendedAt: z.string().nullable(),
  suspensionReason: z.string().nullable(),
  /** how many of the account's ads carry this contact */
  adsWithContact: z.number().int(),
  ads: z.array(SharedContactAdSchema),
})
export type SharedContactAccount = z.infer<typeof SharedContactAccountSchema>

export const SharedContactSchema = z.object({
  kind: z.enum(CONTACT_KINDS),
  /** as compared: a phone number's digits (no leading 1), an e-mail or handle lower-cased, no `@` before a handle */
  contact: z.string(),
  accounts: z.array(SharedContactAccountSchema),
})
export type SharedContact = z.infer<typeof SharedContactSchema>

export const SharedContactListSchema = z.object({ items: z.array(SharedContactSchema) })
export type SharedContactList = z.infer<typeof SharedContactListSchema>

const reason = z
  .string()
  .trim()
  .max(MAX_DECISION_REASON, says('text.too_long', { field: 'reason', max: MAX_DECISION_REASON }))
  .refine(hasNoNul, says('text.nul'))

/** Suspending or lifting a suspension says why: the audit log and the account's owner read it. */
export const SuspensionRequestSchema = z.object({
  reason: reason.refine((text) => text !== '', says('account.reason_required')),
})

/** A match the admin judged harmless (a shared business number): it stays quiet until another account shares it. */
export const DismissContactRequestSchema = z.object({
  kind: z.enum(CONTACT_KINDS),
  contact: z
    .string()
    .trim()
    .min(1)
    .max(320, says('text.too_long', { field: 'contact', max: 320 }))
    .refine(hasNoNul, says('text.nul')),
  reason: reason.optional(),
})

export const AccountParamsSchema = z.object({ id: z.uuid() })

export const SuspensionSchema = z.object({
  id: z.string(),
  suspendedAt: z.string().nullable(),
  /** ads held by the suspension, or released by lifting it */
  ads: z.number().int(),
})
export type Suspension = z.infer<typeof SuspensionSchema>
