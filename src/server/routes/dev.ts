import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { OutboxQuerySchema, OutboxResponseSchema } from '#domain/api/auth.ts'
import { errorResponses, hasNoNul } from '#domain/api/common.ts'
import { says } from '#domain/api/error-codes.ts'
import { ApiError } from '#server/errors.ts'
import { expireAdNow } from '#server/services/ads/expire-now.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'

/**
 * Routes under /api/dev, for local use and the e2e tests that drive a real server process: they
 * read the mail outbox to follow verification and reset links, and end an ad's 30 days at once. Never registered in production, and
 * admin-only elsewhere: the outbox holds live reset links, so anyone who could read it could take
 * over any account.
 */
// refused before the admin check, which writes the request to the audit log: PostgreSQL text holds no NUL
const ExpireParamsSchema = z.object({ id: z.string().max(100).refine(hasNoNul, says('text.nul')) })

const devRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.NODE_ENV === 'production') return

  app.get(
    '/outbox',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['dev'],
        summary: 'Latest mails kept in the outbox (development and test only, admin token needed)',
        security: [{ bearerAuth: [] }],
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ messages: await readOutbox(app.database.db, { to: request.query.to }) }),
  )

  app.post(
    '/ads/:id/expire',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['dev'],
        summary: "Ends a live ad's lifetime now (development and test only, admin token needed)",
        security: [{ bearerAuth: [] }],
        params: ExpireParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      if (!(await expireAdNow(app.database.db, request.params.id))) throw new ApiError(404, 'ad.not_found')
      return reply.code(204).send(null)
    },
  )
}

export default devRoutes
