import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import { DeleteAccountRequestSchema } from '#domain/api/privacy.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { deleteAccount } from '#server/services/privacy/delete-account.ts'
import { exportArchive } from '#server/services/privacy/export-archive.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

// an archive reads every row and file of an account: a person asks now and then, a script many times
// the password check is argon2: the same bound as a password change

// Routes under /api/account for privacy rights (docs/decisions/034-privacy-and-retention.md).
const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }]
  const tags = ['account']

  app.get(
    '/export',
    {
      ...rateLimited(RATE_LIMITS.privacy.export),
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Download all your data as one zip archive',
        description:
          'account.json, ads.json (every ad with its contact details and history), wallet.json (the ' +
          'whole ledger), payments.json, reports.json, and media/ with your photos and videos. ' +
          `${limitText(RATE_LIMITS.privacy.export)}.`,
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
      ...rateLimited(RATE_LIMITS.privacy.deleteAccount),
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
