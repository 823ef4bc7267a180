import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'

// Verified advertisers (docs/decisions/031-verified-advertisers.md): the advertiser's request, its
// status, and the admins' queue of requests.

export const VerificationPaths = {
  /** GET: status and the one-time code; POST (multipart `code`, `photo`, optional `photo2`): the request */
  mine: '/account/verification',
  queue: '/admin/verifications',
  approve: (id: number) => `/admin/verifications/${id}/approve`,
  refuse: (id: number) => `/admin/verifications/${id}/refuse`,
  /** an approved account loses its badge at once */
  revoke: (id: number) => `/admin/verifications/${id}/revoke`,
  /** admins only: the n-th photo (0 or 1) of a pending request */
  photo: (id: number, n: number) => `/admin/verifications/${id}/photos/${n}`,
} as const

export const VERIFICATION_STATUSES = ['none', 'pending', 'approved', 'refused'] as const
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number]

/** Photos one request may carry: the advertiser holding the code, and an optional second one. */
export const MAX_VERIFICATION_PHOTOS = 2
export const VERIFICATION_CODE_LENGTH = 6
export const MAX_DECISION_REASON = 500

export const VerificationSchema = z.object({
  status: z.enum(VERIFICATION_STATUSES),
  /** what to write on the paper held in the photo; a request uses it up and the next GET shows a new one */
  code: z.string(),
  /** why the last request was refused or the verification revoked, as the admin wrote it */
  reason: z.string().optional(),
})
export type Verification = z.infer<typeof VerificationSchema>

export const VerificationIdParamsSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
})
export const VerificationPhotoParamsSchema = VerificationIdParamsSchema.extend({
  n: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_VERIFICATION_PHOTOS - 1),
})

/** A refusal or revocation: the reason is required, in the advertiser's language. */
export const DecisionReasonSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(MAX_DECISION_REASON, says('text.too_long', { field: 'reason', max: MAX_DECISION_REASON }))
    .refine(hasNoNul, says('text.nul'))
    .refine((reason) => reason !== '', says('verification.reason_required')),
})

export const VerificationRequestSchema = z.object({
  id: z.number().int(),
  userId: z.string(),
  email: z.string(),
  /** the advertiser's language: write the refusal in it */
  language: z.string(),
  code: z.string(),
  status: z.enum(['pending', 'approved', 'refused', 'revoked']),
  /** admin-only URLs of the request's photos (empty once decided: they are deleted) */
  photos: z.array(z.string()),
  /** the account's ad photos (their 640 URLs), to compare faces */
  adPhotos: z.array(z.string()),
  createdAt: z.string(),
  /** when an admin decided (null while pending): for an approved request, since when it is verified */
  decidedAt: z.string().nullable().default(null),
})
export type VerificationRequest = z.infer<typeof VerificationRequestSchema>

export const VerificationQueueSchema = z.object({ items: z.array(VerificationRequestSchema) })

/** Which requests the admin lists: the waiting ones, or the approved ones (verified accounts) to revoke. */
export const VERIFICATION_QUEUE_STATUSES = ['pending', 'approved'] as const
export const VerificationQueueQuerySchema = z.object({
  status: z.enum(VERIFICATION_QUEUE_STATUSES).default('pending'),
  /** part of the account's email, to find one verified account among many */
  email: z
    .string()
    .trim()
    .max(254, says('text.too_long', { field: 'email', max: 254 }))
    .refine(hasNoNul, says('text.nul'))
    .optional(),
})
export type VerificationQueueQuery = z.infer<typeof VerificationQueueQuerySchema>
export type VerificationQueue = z.infer<typeof VerificationQueueSchema>
