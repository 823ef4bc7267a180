import multipart from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  MAX_VERIFICATION_PHOTOS,
  VERIFICATION_PHOTO_KIND_DETAIL,
  VERIFICATION_PHOTO_REQUIRED_DETAIL,
  VerificationSchema,
} from '#domain/api/verification.ts'
import { MAX_PHOTO_BYTES } from '#domain/constants.ts'
import { ApiError } from '#server/errors.ts'
import { MALFORMED_MULTIPART_DETAIL, receiveUpload } from '#server/services/media/receive-upload.ts'
import {
  deleteVerificationFiles,
  myVerification,
  requestVerification,
  storeVerificationPhoto,
} from '#server/services/verification/verifications.ts'
import { NOT_MULTIPART_DETAIL } from './media.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

const PHOTO_FIELDS: ReadonlySet<string> = new Set(['photo', 'photo2'])

// GET and POST /api/account/verification (docs/decisions/031-verified-advertisers.md).
const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    // the code and at most two photos; busboy stops reading a file past a photo's size limit
    limits: {
      fileSize: MAX_PHOTO_BYTES,
      files: MAX_VERIFICATION_PHOTOS,
      fields: 1,
      parts: MAX_VERIFICATION_PHOTOS + 1,
      fieldSize: 100,
      headerPairs: 100,
    },
    throwFileSizeLimit: false,
  })
  const security = [{ bearerAuth: [] }]
  const tags = ['account']

  app.get(
    '/',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Your verification status and the one-time code to hold in your photo',
        response: { 200: VerificationSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return myVerification(app.database.db, request.user.id)
    },
  )

  app.post(
    '/',
    {
      preValidation: app.requireUser,
      config: {
        rateLimit: {
          ...RATE_LIMITS.verification.request,
          // counted per account, after the guard has found who it is
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `verification:${request.user.id}`,
        },
      },
      schema: {
        tags,
        security,
        summary: 'Ask to be verified: a photo of yourself holding the code (multipart: code, photo, photo2)',
        description:
          'The photos are re-encoded without metadata, stored privately, shown to the admins only and ' +
          'deleted when an admin decides. One request may wait at a time; the code is used up. ' +
          `${limitText(RATE_LIMITS.verification.request)} per account.`,
        consumes: ['multipart/form-data'],
        response: {
          202: VerificationSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          415: ErrorSchema,
          422: ErrorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw new ApiError(415, NOT_MULTIPART_DETAIL)
      const db = app.database.db
      const store = app.mediaLibrary.store
      const keys: string[] = []
      let code = ''
      try {
        try {
          for await (const part of request.parts()) {
            if (part.type === 'field') {
              if (part.fieldname === 'code' && typeof part.value === 'string') code = part.value
              continue
            }
            if (!PHOTO_FIELDS.has(part.fieldname)) {
              part.file.resume()
              continue
            }
            const upload = await receiveUpload(part.file)
            try {
              if (upload.type.kind !== 'photo') throw new ApiError(415, VERIFICATION_PHOTO_KIND_DETAIL)
              keys.push(await storeVerificationPhoto(store, upload.path, request.user.id))
            } finally {
              await upload.discard()
            }
          }
        } catch (error) {
          if (error instanceof ApiError) throw error
          throw new ApiError(400, MALFORMED_MULTIPART_DETAIL, { cause: error })
        }
        if (keys.length === 0) throw new ApiError(400, VERIFICATION_PHOTO_REQUIRED_DETAIL)
        await requestVerification(db, request.user.id, code, keys)
      } catch (error) {
        await deleteVerificationFiles(db, store, keys)
        throw error
      }
      return reply.code(202).send(await myVerification(db, request.user.id))
    },
  )
}

export default verificationRoutes
