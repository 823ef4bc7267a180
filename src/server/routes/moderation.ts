import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import {
  AddBannedPhraseRequestSchema,
  BannedPhraseListSchema,
  BannedPhraseParamsSchema,
  BannedPhraseSchema,
  ModerationCheckRequestSchema,
  ModerationCheckResponseSchema,
} from '#domain/api/moderation.ts'
import { bannedPhraseService, seedDefaultPhrases } from '#server/services/moderation/banned-phrases.ts'

// a person editing a draft checks a few times a minute; a script probing the list checks far more
export const MODERATION_CHECK_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const

// Routes under /api/moderation: the check run before checkout, and the admin's banned-phrase list.
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const seeded = await seedDefaultPhrases(app.database.db)
  if (seeded > 0) app.log.info({ phrases: seeded }, 'default banned phrases seeded')
  const phrases = bannedPhraseService(app.database.db)

  app.post(
    '/check',
    {
      config: { rateLimit: { ...MODERATION_CHECK_RATE_LIMIT } },
      schema: {
        tags: ['moderation'],
        summary: 'Check an ad for banned phrases before checkout',
        description:
          'Matching ignores case and accents, sees through spaced-out letters, punctuation between ' +
          'letters and digit or symbol swaps, and matches whole words only. The ad is never rewritten.',
        body: ModerationCheckRequestSchema,
        response: { 200: ModerationCheckResponseSchema, 400: errorResponses[400], 429: errorResponses[429] },
      },
    },
    async (request) => phrases.check(request.body.title, request.body.description),
  )

  app.get(
    '/banned-words',
    {
      schema: {
        tags: ['moderation'],
        summary: 'The banned-phrase list, newest first (public)',
        response: { 200: BannedPhraseListSchema },
      },
    },
    async () => phrases.list(),
  )

  app.post(
    '/banned-words',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['moderation'],
        summary: 'Add a banned phrase (admin)',
        description: 'Refused with 409 when the list already holds it in any case, accent or spacing.',
        security: [{ bearerAuth: [] }],
        body: AddBannedPhraseRequestSchema,
        response: { 201: BannedPhraseSchema, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await phrases.add(request.body.phrase)),
  )

  app.delete(
    '/banned-words/:id',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['moderation'],
        summary: 'Delete a banned phrase (admin)',
        security: [{ bearerAuth: [] }],
        params: BannedPhraseParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await phrases.remove(request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default moderationRoutes
