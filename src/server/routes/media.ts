import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import { MediaSchema } from '#domain/api/media.ts'
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTO_PIXELS,
  MAX_VIDEO_BYTES,
  UNATTACHED_UPLOAD_TTL_MS,
} from '#domain/constants.ts'
import { PHOTO_WIDTHS } from '#domain/media-urls.ts'
import { ApiError } from '#server/errors.ts'
import { isEmailVerified } from '#server/services/accounts/email-verified.ts'
import { toMedia } from '#server/services/media/media-views.ts'
import { receiveUpload } from '#server/services/media/receive-upload.ts'
import { settleUnreadBody } from '#server/services/media/unread-body.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

// POST /api/media (docs/decisions/011-media-storage.md): one file per request, its type decided
// by its bytes; photos re-encoded without metadata, MP4 videos without their metadata boxes.
const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // one file and nothing else; busboy stops reading past the largest allowed size (a video's)
    limits: { fileSize: MAX_VIDEO_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 100 },
    // receiveUpload reads `truncated` and answers 413 with the limit for the file's kind
    throwFileSizeLimit: false,
  })

  app.post(
    '/',
    {
      preValidation: app.requireUser,
      // a refusal leaves the rest of the body unread: drain it or close, never leave the socket stuck
      onSend: async (request, reply, payload) => {
        if (reply.statusCode >= 400) settleUnreadBody(request, reply)
        return payload
      },
      config: {
        rateLimit: {
          ...RATE_LIMITS.media.upload,
          // counted per account, after the guard has found who it is
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `media:${request.user.id}`,
        },
      },
      schema: {
        tags: ['media'],
        security: [{ bearerAuth: [] }],
        summary: 'Upload one photo or video (multipart/form-data, one file)',
        description:
          "The type comes from the file's bytes: JPEG, PNG, WebP, HEIC/HEIF, AVIF photos (at most " +
          `${MAX_PHOTO_BYTES / 1024 / 1024} MB and ${MAX_PHOTO_PIXELS / 1_000_000} megapixels) are re-encoded ` +
          `to WebP at ${PHOTO_WIDTHS.join(', ')} px wide without any metadata; MP4 and WebM videos (at most ` +
          `${MAX_VIDEO_BYTES / 1024 / 1024} MB) must be built like their format (else 415 media.video_unreadable) and ` +
          `are stored with their metadata blanked (location, make, model, encoder, dates, tags, chapters) and only ` +
          `their video and sound tracks kept. Anything else: 415; too big: 413; past the account's storage quota: ` +
          `413 media.quota_exceeded. Photos and videos wait for an admin's review before anyone but their owner sees ` +
          `them, unless the owner is verified; a file is public only while its ad is live. ` +
          `Put the id in an ad's images or videos; uploads no ad uses are deleted after ` +
          `${UNATTACHED_UPLOAD_TTL_MS / 3_600_000} hours. ` +
          `${limitText(RATE_LIMITS.media.upload)} per account.`,
        consumes: ['multipart/form-data'],
        response: { 201: MediaSchema, 413: ErrorSchema, 415: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await isEmailVerified(app.database.db, request.user.id)))
        throw new ApiError(403, 'ad.verify_email_first')
      if (!request.isMultipart()) throw new ApiError(415, 'media.not_multipart')
      const file = await request.file().catch((error: unknown) => {
        // busboy refusing the body's framing is the client's mistake, not ours
        throw new ApiError(400, 'media.malformed_multipart', { cause: error })
      })
      if (!file) throw new ApiError(400, 'media.no_file')
      const upload = await receiveUpload(file.file)
      try {
        const row = await app.mediaLibrary.create(request.user.id, upload)
        return reply.code(201).send(toMedia(row))
      } finally {
        await upload.discard()
      }
    },
  )
}

export default mediaRoutes
