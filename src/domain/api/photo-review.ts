import { z } from 'zod'
import { MEDIA_KINDS, PhotoViewSchema } from './media.ts'

// The admins' photo queue (docs/decisions/032-photo-review.md); videos wait in it too, by the same
// rules (docs/decisions/064-video-review.md).

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
  kind: z.enum(MEDIA_KINDS),
  /** a photo's variants; for a video, its first frame is not ours to make: null */
  photo: PhotoViewSchema.nullable(),
  /** a video's URL (its owner's and the admins' only while pending); null for a photo */
  video: z.string().nullable(),
  createdAt: z.string(),
})
export type PendingPhoto = z.infer<typeof PendingPhotoSchema>

export const PhotoQueueSchema = z.object({ items: z.array(PendingPhotoSchema) })
export type PhotoQueue = z.infer<typeof PhotoQueueSchema>

export const MAX_PHOTO_QUEUE = 200
