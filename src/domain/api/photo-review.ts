import { z } from 'zod'
import { PhotoViewSchema } from './media.ts'

// The admins' photo queue (docs/decisions/032-photo-review.md).

export const PhotoReviewPaths = {
  queue: '/admin/photos',
  approve: (mediaId: string) => `/admin/photos/${encodeURIComponent(mediaId)}/approve`,
  refuse: (mediaId: string) => `/admin/photos/${encodeURIComponent(mediaId)}/refuse`,
} as const

export const PhotoParamsSchema = z.object({ mediaId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) })

export const PendingPhotoSchema = z.object({
  mediaId: z.string(),
  adId: z.string(),
  adTitle: z.string(),
  ownerId: z.string(),
  /** a verified owner's photo already shows: the review is after the fact */
  ownerVerified: z.boolean(),
  /** open reports on its ad: those ads come first */
  openReports: z.number().int(),
  photo: PhotoViewSchema,
  createdAt: z.string(),
})
export type PendingPhoto = z.infer<typeof PendingPhotoSchema>

export const PhotoQueueSchema = z.object({ items: z.array(PendingPhotoSchema) })
export type PhotoQueue = z.infer<typeof PhotoQueueSchema>

export const MAX_PHOTO_QUEUE = 200
