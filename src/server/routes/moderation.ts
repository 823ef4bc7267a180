import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import {
  AddBannedPhraseRequestSchema,
  BannedPhraseListSchema,
  BannedPhraseParamsSchema,
  BannedPhraseSchema,
  ModerationCheckRequestSchema,
  type ModerationCheckResponse,
  ModerationCheckResponseSchema,
} from '#domain/api/moderation.ts'
import { seedDefaultPhrases } from '#server/services/moderation/banned-phrases.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'
import { holdAdsMatching } from '#server/services/reports/hold-matching.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// a person editing a draft checks a few times a minute; a script probing the list checks far more

// two fields the service just built: serialized by hand, without a second zod pass over them on
// every check (docs/decisions/019-api-answer-cost.md); the parameter's type keeps the shape
function sendCheck(reply: FastifyReply, answer: ModerationCheckResponse): void {
  reply.type('application/json; charset=utf-8').send(JSON.stringify(answer))
}

// Routes under /api/moderation: the check run before checkout, and the admin's banned-phrase list.
const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const seeded = await seedDefaultPhrases(app.database.db)
  if (seeded > 0) app.log.info({ phrases: seeded }, 'default banned phrases seeded')
  const phrases = app.bannedPhrases

  app.post(
    '/check',
    {
      config: { rateLimit: { ...RATE_LIMITS.moderation.check } },
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
    (request, reply) => {
      const { title, description } = request.body
      // at once while the list is fresh, without a promise: the check runs on every draft edit
      const now = phrases.checkNow(title, description)
      if (now) {
        sendCheck(reply, now)
        return
      }
      return phrases.check(title, description).then((answer) => sendCheck(reply, answer))
    },
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
        description:
          'Refused with 409 when the list already holds it in any case, accent or spacing. Live ads ' +
          'that match it are held for review (never deleted or rewritten).',
        security: [{ bearerAuth: [] }],
        body: AddBannedPhraseRequestSchema,
        response: { 201: BannedPhraseSchema, 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const added = await phrases.add(request.body.phrase)
      const admin = request.admin.username
      const held = await holdAdsMatching(app.database.db, added.phrase, admin)
      await recordAudit(app.database.db, {
        admin,
        action: 'phrase_added',
        target: `phrase:${added.id}`,
        reason: `${added.phrase} (${held} live ads held)`,
      })
      return reply.code(201).send(added)
    },
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
      await recordAudit(app.database.db, {
        admin: request.admin.username,
        action: 'phrase_deleted',
        target: `phrase:${request.params.id}`,
      })
      return reply.code(204).send(null)
    },
  )
}

export default moderationRoutes
