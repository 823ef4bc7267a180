import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'
import { MAX_DECISION_REASON } from './verification.ts'

// Preserve, then report (docs/decisions/057-legal-holds.md): a sealed copy of an ad and its account,
// kept apart from the live tables for law enforcement, at least LEGAL_HOLD_DAYS or until an admin
// releases it with a reason.

export const LegalHoldPaths = {
  list: '/admin/legal-holds',
  hold: (id: string) => `/admin/legal-holds/${id}`,
  archive: (id: string) => `/admin/legal-holds/${id}/archive`,
  release: (id: string) => `/admin/legal-holds/${id}/release`,
} as const

/** The least time a sealed copy is kept: a year. */
export const LEGAL_HOLD_DAYS = 365
/** An external report's reference (a Cybertip.ca or police file number) is short. */
export const MAX_EXTERNAL_REFERENCE = 200

const text = (field: string, max: number) =>
  z.string().trim().max(max, says('text.too_long', { field, max })).refine(hasNoNul, says('text.nul'))

const reason = text('reason', MAX_DECISION_REASON).refine(
  (value) => value !== '',
  says('legal_hold.reason_required'),
)
const reference = text('externalReference', MAX_EXTERNAL_REFERENCE)

export const PlaceLegalHoldRequestSchema = z.object({
  adId: z.string().min(1).max(100),
  reason,
  externalReference: reference.optional(),
})
export type PlaceLegalHoldRequest = z.infer<typeof PlaceLegalHoldRequestSchema>

export const LegalHoldReferenceRequestSchema = z.object({ externalReference: reference })
export const LegalHoldReleaseRequestSchema = z.object({ reason })
export const LegalHoldParamsSchema = z.object({ id: z.uuid() })

export const LegalHoldSchema = z.object({
  id: z.string(),
  adId: z.string(),
  adTitle: z.string(),
  /** the account as it was when sealed: its id and e-mail (the live account may be gone) */
  accountId: z.string().nullable(),
  accountEmail: z.string().nullable(),
  reason: z.string(),
  externalReference: z.string(),
  placedBy: z.string(),
  placedAt: z.string(),
  keptUntil: z.string(),
  releasedAt: z.string().nullable(),
  releasedBy: z.string().nullable(),
  releaseReason: z.string().nullable(),
  /** how many documents and media files the sealed copy holds */
  items: z.number().int(),
  files: z.number().int(),
})
export type LegalHold = z.infer<typeof LegalHoldSchema>

export const LegalHoldListSchema = z.object({ items: z.array(LegalHoldSchema) })
export type LegalHoldList = z.infer<typeof LegalHoldListSchema>
