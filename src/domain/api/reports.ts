import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { type ErrorField, says } from './error-codes.ts'

// Reporting an ad and the admin's review queue (docs/decisions/014-reports-and-holds.md).

export const ReportPaths = {
  report: (adId: string) => `/ads/${encodeURIComponent(adId)}/reports`,
  queue: '/admin/reports',
  action: (adId: string, action: ReviewAction) => `/admin/reports/${encodeURIComponent(adId)}/${action}`,
  audit: '/admin/audit',
  /** the owner asks once per hold for a review, with a note */
  appeal: (adId: string) => `/ads/${encodeURIComponent(adId)}/appeal`,
  /** release many held ads at once (their open reports dismissed) */
  release: '/admin/reports/release',
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

/**
 * Reasons that go to the top of the queue and can hold an ad at the first report: a child or a victim
 * cannot wait for a third one. Who may hold at once is in docs/decisions/033-reports-that-cost.md.
 */
export const URGENT_REASONS: readonly ReportReason[] = ['underage', 'trafficking']
/** Independent reporters of other reasons after which an ad is held. */
export const HOLD_AFTER_REPORTERS = 3
export const MAX_REPORT_DETAILS = 1_000

// What makes a hold cost something (docs/decisions/033-reports-that-cost.md).
/** An account younger than this is new: its urgent report queues until a second reporter or an admin confirms. */
export const NEW_ACCOUNT_DAYS = 7
/** Reports one account may make in any 24 hours. */
export const REPORTS_PER_ACCOUNT_PER_DAY = 10
/** Reports one address may make in any 24 hours, signed in or not (a café or a carrier NAT shares one). */
export const REPORTS_PER_ADDRESS_PER_DAY = 20
/** A reporter with this many dismissed reports no longer holds ads: their reports only queue. */
export const DISMISSED_REPORTS_LIMIT = 3
export const MAX_APPEAL_NOTE = 1_000
/** Ads one bulk release may name. */
export const MAX_BULK_RELEASE = 100

/**
 * Why an ad is held, as its owner reads it: a report's reason, a banned phrase added later, an admin,
 * a copy of an ad that is held or was removed (docs/decisions/042-holds-that-hold.md), or an Adult
 * Companions ad whose advertiser's verification was revoked (docs/decisions/049-open-in-canada.md).
 */
export const HOLD_CATEGORIES = [
  ...REPORT_REASONS,
  'banned_phrase',
  'admin',
  'copy',
  'unverified',
  // docs/decisions/055-shared-contacts.md: every ad of a suspended account
  'suspended',
] as const
export type HoldCategory = (typeof HOLD_CATEGORIES)[number]

export const HoldSchema = z.object({
  category: z.enum(HOLD_CATEGORIES),
  /** when this hold began */
  since: z.string(),
  /** when the owner asked for a review of this hold (once per hold), or null */
  appealedAt: z.string().nullable(),
})
export type Hold = z.infer<typeof HoldSchema>

const reasonText = (max: number, field: ErrorField) =>
  z.string().trim().max(max, says('text.too_long', { field, max })).refine(hasNoNul, says('text.nul'))

export const ReportRequestSchema = z.object({
  reason: z.enum(
    REPORT_REASONS,
    says('request.one_of', { name: 'reason', values: REPORT_REASONS.join(', ') }),
  ),
  details: reasonText(MAX_REPORT_DETAILS, 'details').default(''),
})
export type ReportRequest = z.infer<typeof ReportRequestSchema>

export const ReportResponseSchema = z.object({
  /** true when this visitor had already reported the ad: nothing new was recorded */
  already_reported: z.boolean(),
})
export type ReportResponse = z.infer<typeof ReportResponseSchema>

// hold: an admin confirms a report that could not hold the ad by itself (signed out, a new account)
export const REVIEW_ACTIONS = ['dismiss', 'remove', 'restore', 'hold'] as const
export type ReviewAction = (typeof REVIEW_ACTIONS)[number]

export const ReviewParamsSchema = z.object({ id: z.string().max(100), action: z.enum(REVIEW_ACTIONS) })

export const ReviewActionRequestSchema = z.object({
  // required for remove (the owner reads it); optional note otherwise
  reason: reasonText(500, 'reason').default(''),
})

export const AppealRequestSchema = z.object({
  note: reasonText(MAX_APPEAL_NOTE, 'note').refine(
    (note) => note !== '',
    says('report.appeal_note_required'),
  ),
})
export type AppealRequest = z.infer<typeof AppealRequestSchema>
export const AppealResponseSchema = z.object({ appealedAt: z.string() })

export const BulkReleaseRequestSchema = z.object({
  adIds: z
    .array(z.string().max(100))
    .min(1, says('report.name_one_ad'))
    .max(MAX_BULK_RELEASE, says('report.too_many_ads', { max: MAX_BULK_RELEASE })),
  reason: reasonText(500, 'reason').default(''),
})
export type BulkReleaseRequest = z.infer<typeof BulkReleaseRequestSchema>
export const BulkReleaseResponseSchema = z.object({
  /** held ads now live again with the lifetime they had left */
  released: z.array(z.string()),
  /** ads that were not held (or do not exist): nothing was done to them */
  skipped: z.array(z.string()),
})
export type BulkReleaseResponse = z.infer<typeof BulkReleaseResponseSchema>

const IsoDate = z.string()

/** What the queue shows of a reporter: enough to weigh the report, never an email or an address. */
export const ReporterHistorySchema = z.object({
  /** a short pseudonym, the same on every ad this reporter reported */
  label: z.string(),
  kind: z.enum(['account', 'visitor']),
  /** an account younger than NEW_ACCOUNT_DAYS */
  newAccount: z.boolean(),
  made: z.number().int(),
  dismissed: z.number().int(),
  upheld: z.number().int(),
  /** false once DISMISSED_REPORTS_LIMIT reports were dismissed: their reports only queue */
  canHold: z.boolean(),
})
export type ReporterHistory = z.infer<typeof ReporterHistorySchema>

/**
 * What a visitor could read of an ad at one moment (docs/decisions/042-holds-that-hold.md): kept when
 * it is reported, held or removed. Stored with media ids; the queue answers them as URLs.
 */
export const AdSnapshotContentSchema = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  escortType: z.string().nullable(),
  province: z.string(),
  city: z.string(),
  priceCents: z.number().int(),
  priceUnit: z.string(),
  contact: z.object({
    phone: z.string(),
    email: z.string(),
    website: z.string(),
    handle: z.string(),
    platform: z.string().nullable(),
  }),
  images: z.array(z.string()),
  videos: z.array(z.string()),
})
export type AdSnapshotContent = z.infer<typeof AdSnapshotContentSchema>

/** One version of an ad the queue shows: as it read when reported, its photos and videos as URLs. */
export const QueueVersionSchema = AdSnapshotContentSchema.extend({
  contentHash: z.string(),
  /** when this version was first kept */
  at: IsoDate,
})
export type QueueVersion = z.infer<typeof QueueVersionSchema>

export const QueueReportSchema = z.object({
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  at: IsoDate,
  reporter: ReporterHistorySchema,
  /** the version this report saw (QueueItem.versions); null for reports made before versions were kept */
  contentHash: z.string().nullable(),
})

export const QueueItemSchema = z.object({
  adId: z.string(),
  status: z.string(),
  title: z.string(),
  /** the ad's public page (src/domain/ad-path.ts): it opens while the ad is live */
  path: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  videos: z.array(z.string()),
  /** why the ad is in the queue when no report put it there (a banned phrase added later) */
  holdReason: z.string(),
  urgent: z.boolean(),
  reporters: z.number().int(),
  firstReportedAt: IsoDate.nullable(),
  reports: z.array(QueueReportSchema),
  /** why and since when the ad is held (null when it is only reported) */
  hold: HoldSchema.nullable(),
  /**
   * reports that would hold the ad had one of their senders been in good standing: only an admin's
   * hold (or a reporter in good standing) takes it down; listed first (docs/decisions/042-holds-that-hold.md)
   */
  awaitingConfirmation: z.boolean(),
  /** the content the ad shows now */
  contentHash: z.string(),
  /** each version the open reports saw, the oldest first, media included */
  versions: z.array(QueueVersionSchema),
  /** the owner's request for a review of the current hold */
  appeal: z.object({ note: z.string(), at: IsoDate }).nullable(),
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
