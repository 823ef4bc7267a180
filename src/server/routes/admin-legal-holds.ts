import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  LegalHoldListSchema,
  LegalHoldParamsSchema,
  LegalHoldReferenceRequestSchema,
  LegalHoldReleaseRequestSchema,
  LegalHoldSchema,
  PlaceLegalHoldRequestSchema,
} from '#domain/api/legal-holds.ts'
import {
  legalHoldArchive,
  listLegalHolds,
  placeLegalHold,
  recordReference,
  releaseLegalHold,
} from '#server/services/legal-holds/legal-holds.ts'

// Legal holds under /api/admin/legal-holds (docs/decisions/057-legal-holds.md): admins only, each
// step audited by the service.
const adminLegalHoldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin)
  const security = [{ bearerAuth: [] }]
  const tags = ['admin']
  const db = () => app.database.db
  const store = () => app.mediaLibrary.store

  app.get(
    '/legal-holds',
    {
      schema: {
        tags,
        security,
        summary: 'Every legal hold, the ones in force first, the latest placed first',
        response: { 200: LegalHoldListSchema, ...errorResponses },
      },
    },
    async () => ({ items: await listLegalHolds(db()) }),
  )

  app.post(
    '/legal-holds',
    {
      schema: {
        tags,
        security,
        summary: 'Seal an ad and its account for law enforcement (kept a year, or until released)',
        description:
          'Copies every version of the ad, its media, the account’s identifiers and sign-ins, the ' +
          'reports and the payments apart from the live tables: deleting the account or the ad, or ' +
          'the retention job, leaves the copy.',
        body: PlaceLegalHoldRequestSchema,
        response: { 201: LegalHoldSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const hold = await placeLegalHold(db(), store(), { ...request.body, by: request.admin.username })
      return reply.code(201).send(hold)
    },
  )

  app.patch(
    '/legal-holds/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Record the external report’s reference (a Cybertip.ca or police file number)',
        params: LegalHoldParamsSchema,
        body: LegalHoldReferenceRequestSchema,
        response: { 200: LegalHoldSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request) =>
      recordReference(db(), request.admin.username, request.params.id, request.body.externalReference),
  )

  app.get(
    '/legal-holds/:id/archive',
    {
      schema: {
        tags,
        security,
        summary: 'The sealed copy as one zip archive, for law enforcement (audited)',
        params: LegalHoldParamsSchema,
        response: { 200: z.unknown(), 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const archive = await legalHoldArchive(db(), store(), request.admin.username, id)
      return reply
        .type('application/zip')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="legal-hold-${id}.zip"`)
        .send(archive)
    },
  )

  app.post(
    '/legal-holds/:id/release',
    {
      schema: {
        tags,
        security,
        summary: 'Release a hold with a reason: its sealed copy is deleted, the hold stays as released',
        params: LegalHoldParamsSchema,
        body: LegalHoldReleaseRequestSchema,
        response: { 200: LegalHoldSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request) =>
      releaseLegalHold(db(), store(), request.admin.username, request.params.id, request.body.reason),
  )
}

export default adminLegalHoldRoutes
