import { z } from 'zod'
import { hasNoNul, NUL_CHARACTER_DETAIL } from './common.ts'

// Reporting an ad and the admin's review queue (docs/decisions/014-reports-and-holds.md).

export const ReportPaths = {
  report: (adId: string) => `/ads/${encodeURIComponent(adId)}/reports`,
  queue: '/admin/reports',
  action: (adId: string, action: ReviewAction) => `/admin/reports/${encodeURIComponent(adId)}/${action}`,
  audit: '/admin/audit',
  /** every ad, searched by text, owner email and status (admin-ads.ts) */
  ads: '/admin/ads',
} as const

export const REPORT_REASONS = [
  'spam',
  'wrong_category',
  'offensive',
  'underage',
  'trafficking',
  'other',
] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** Reasons that hold an ad at the first report: a child or a victim cannot wait for a third one. */
export const URGENT_REASONS: readonly ReportReason[] = ['underage', 'trafficking']
/** Distinct reporters of other reasons after which an ad is held. */
export const HOLD_AFTER_REPORTERS = 3
export const MAX_REPORT_DETAILS = 1_000

const reasonText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, NUL_CHARACTER_DETAIL)

export const ReportRequestSchema = z.object({
  reason: z.enum(REPORT_REASONS, `reason must be one of ${REPORT_REASONS.join(', ')}`),
  details: reasonText(MAX_REPORT_DETAILS, 'Details').default(''),
})
export type ReportRequest = z.infer<typeof ReportRequestSchema>

export const ReportResponseSchema = z.object({
  /** true when this visitor had already reported the ad: nothing new was recorded */
  already_reported: z.boolean(),
})
export type ReportResponse = z.infer<typeof ReportResponseSchema>

export const REVIEW_ACTIONS = ['dismiss', 'remove', 'restore'] as const
export type ReviewAction = (typeof REVIEW_ACTIONS)[number]

export const ReviewParamsSchema = z.object({ id: z.string().max(100), action: z.enum(REVIEW_ACTIONS) })

export const ReviewActionRequestSchema = z.object({
  // required for remove (the owner reads it); optional note otherwise
  reason: reasonText(500, 'Reason').default(''),
})
export const REMOVAL_REASON_REQUIRED_DETAIL = 'Give a reason for removing the ad: its owner reads it'

const IsoDate = z.string()

export const QueueReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  at: IsoDate,
})

export const QueueItemSchema = z.object({
  adId: z.string(),
  status: z.string(),
  title: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  /** why the ad is in the queue when no report put it there (a banned phrase added later) */
  holdReason: z.string(),
  urgent: z.boolean(),
  reporters: z.number().int(),
  firstReportedAt: IsoDate.nullable(),
  reports: z.array(QueueReportSchema),
})
export type QueueItem = z.infer<typeof QueueItemSchema>
export const QueueSchema = z.object({ items: z.array(QueueItemSchema) })

export const AuditEntrySchema = z.object({
  admin: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  at: IsoDate,
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>
export const AuditListSchema = z.object({ items: z.array(AuditEntrySchema) })
