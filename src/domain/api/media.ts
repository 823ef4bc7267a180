import { z } from 'zod'

// Request and response shapes of POST /api/media (the upload) and of the photos an ad shows.

export const MediaPaths = {
  upload: '/media',
} as const

export const MEDIA_KINDS = ['photo', 'video'] as const
export type MediaKind = (typeof MEDIA_KINDS)[number]

/** Where a photo stands in the admins' review (docs/decisions/032-photo-review.md). */
export const MEDIA_REVIEWS = ['pending', 'approved', 'refused'] as const
export type MediaReview = (typeof MEDIA_REVIEWS)[number]

/** What a page needs to show a photo without layout shift: sizes, srcset and a blurred stand-in. */
export const PhotoViewSchema = z.object({
  /** the 640-wide WebP (or a demo ad's stock path) */
  src: z.string(),
  /** every stored width, e.g. "/media/x/320.webp 320w, …"; '' for stock photos */
  srcSet: z.string(),
  /** pixels after EXIF rotation; 0 when unknown */
  width: z.number().int(),
  height: z.number().int(),
  /** a tiny blurred WebP as a data: URI; '' for stock photos */
  placeholder: z.string(),
})
export type PhotoView = z.infer<typeof PhotoViewSchema>

/** Where one of the owner's photos stands; `reason` is the admin's, for a refused photo. */
export const PhotoReviewStateSchema = z.object({
  mediaId: z.string(),
  review: z.enum(MEDIA_REVIEWS),
  reason: z.string(),
})
export type PhotoReviewState = z.infer<typeof PhotoReviewStateSchema>

/** The upload's answer: the id to put in an ad's images or videos, and how to show it now. */
export const MediaSchema = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  contentType: z.string(),
  /** stored bytes (all photo variants together, or the video) */
  bytes: z.number().int(),
  /** the photo's 640 variant or the video */
  url: z.string(),
  /** photos only: how to show it; null for a video */
  photo: PhotoViewSchema.nullable(),
  createdAt: z.string(),
})
export type Media = z.infer<typeof MediaSchema>
