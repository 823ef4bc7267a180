import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import { DeleteAccountRequestSchema } from '#domain/api/privacy.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { deleteAccount } from '#server/services/privacy/delete-account.ts'
import { exportArchive } from '#server/services/privacy/export-archive.ts'

// an archive reads every row and file of an account: a person asks now and then, a script many times
export const EXPORT_RATE_LIMIT = { max: 5, timeWindow: '1 hour' } as const
// the password check is argon2: the same bound as a password change
export const DELETE_ACCOUNT_RATE_LIMIT = { max: 10, timeWindow: '10 minutes' } as const

// Routes under /api/account for privacy rights (docs/decisions/034-privacy-and-retention.md).
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }]
  const tags = ['account']

  app.get(
    '/export',
    {
      ...rateLimited(EXPORT_RATE_LIMIT.max, EXPORT_RATE_LIMIT.timeWindow),
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Download all your data as one zip archive',
        description:
          'account.json, ads.json (every ad with its contact details and history), wallet.json (the ' +
          'whole ledger), payments.json, reports.json, and media/ with your photos and videos. ' +
          `Rate-limited to ${EXPORT_RATE_LIMIT.max} per ${EXPORT_RATE_LIMIT.timeWindow}.`,
        response: { 200: z.unknown(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const archive = await exportArchive(app.database.db, app.mediaLibrary.store, request.user.id)
      const day = new Date().toISOString().slice(0, 10)
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="maple-after-dark-data-${day}.zip"`)
        .send(archive)
    },
  )

  app.delete(
    '/',
    {
      ...rateLimited(DELETE_ACCOUNT_RATE_LIMIT.max, DELETE_ACCOUNT_RATE_LIMIT.timeWindow),
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Delete your account (your password confirms it)',
        description:
          'Your ads leave every public answer and your photos and videos leave storage at once; every ' +
          'session ends; your email can sign up again. The wallet ledger is kept, under a pseudonym ' +
          'and without your email, for the years tax law requires.',
        body: DeleteAccountRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteAccount(app.database.db, app.mediaLibrary, request.user.id, request.body.password)
      return reply.code(204).send(null)
    },
  )
}

export default privacyRoutes
