import { z } from 'zod'
import { AD_STATUSES } from '../ad-status.ts'
import { PageParamSchema } from './ads.ts'
import { hasNoNul } from './common.ts'
import { type ErrorField, says } from './error-codes.ts'

// The admin's search over every ad, whatever its status or owner (issue 13); its path is
// ReportPaths.ads in reports.ts.

export const ADMIN_ADS_PAGE_SIZE = 20
export const MAX_ADMIN_QUERY_LENGTH = 200

const searchText = (field: ErrorField) =>
  z
    .string()
    .trim()
    .max(MAX_ADMIN_QUERY_LENGTH, says('text.too_long', { field, max: MAX_ADMIN_QUERY_LENGTH }))
    .refine(hasNoNul, says('text.field_nul', { field }))

export const AdminAdsQuerySchema = z.object({
  /** words in the title or description, any case and accents */
  q: searchText('q').default(''),
  /** part of the owner's email, any case */
  email: searchText('email_search').default(''),
  // the status a person sees: a live ad past its expiry is expired
  status: z
    .enum(AD_STATUSES, says('request.one_of', { name: 'status', values: AD_STATUSES.join(', ') }))
    .optional(),
  page: PageParamSchema,
})
export type AdminAdsQuery = z.infer<typeof AdminAdsQuerySchema>

const IsoDate = z.string()

export const AdminAdSchema = z.object({
  id: z.string(),
  title: z.string(),
  status: z.enum(AD_STATUSES),
  province: z.string(),
  city: z.string(),
  category: z.string(),
  /** null for seeded demo ads, which belong to nobody */
  ownerEmail: z.string().nullable(),
  demo: z.boolean(),
  createdAt: IsoDate,
  expiresAt: IsoDate.nullable(),
  removalReason: z.string().nullable(),
  /** distinct people who reported the ad, resolved reports included */
  reporters: z.number().int(),
})
export type AdminAd = z.infer<typeof AdminAdSchema>

export const AdminAdPageSchema = z.object({
  items: z.array(AdminAdSchema),
  total: z.number().int(),
  page: z.number().int(),
  pages: z.number().int(),
})
export type AdminAdPage = z.infer<typeof AdminAdPageSchema>
