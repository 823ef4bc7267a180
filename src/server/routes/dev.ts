import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { OutboxQuerySchema, OutboxResponseSchema } from '#domain/api/auth.ts'
import { errorResponses } from '#domain/api/common.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'

/**
 * Routes under /api/dev, for local use and the e2e tests that drive a real server process: they
 * read the mail outbox to follow verification and reset links. Never registered in production, and
 * admin-only elsewhere: the outbox holds live reset links, so anyone who could read it could take
 * over any account.
 */
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
}

export default devRoutes
