import { z } from 'zod'

export const MediaPaths = { upload: '/media' } as const

/** The answer to an upload: the id an ad's images or videos list refers to. */
export const MediaUploadSchema = z.object({ id: z.string() })
