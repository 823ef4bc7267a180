import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  SavedSearchCreateSchema,
  SavedSearchListSchema,
  SavedSearchParamsSchema,
  SavedSearchPatchSchema,
  SavedSearchSchema,
} from '#domain/api/saved-searches.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import {
  deleteSavedSearch,
  listSavedSearches,
  markSearchOpened,
  saveSearch,
  updateSavedSearch,
} from '#server/services/saved-searches/saved-searches.ts'

// Routes under /api/account/searches (issue 41's contract; docs/decisions/052-saved-searches.md).
const savedSearchesRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation, so a request without a session gets 401 rather than a 400 about its body
  app.addHook('preValidation', app.requireUser)
  // a user's searches are theirs: no shared cache keeps them
  app.addHook('onRequest', noStoreHook)
  const { db } = app.database
  const security = [{ bearerAuth: [] }]
  const tags = ['saved searches']

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Your saved searches, in the order saved, each with how many ads are new since last opened',
        response: { 200: SavedSearchListSchema, ...errorResponses },
      },
    },
    async (request) => listSavedSearches(db, request.user.id, app.clock.now()),
  )

  app.post(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Save a listing’s search (saving the same search again answers the one kept, 200)',
        description: 'At most 20 per account: a new one past that is refused 409 search.limit.',
        body: SavedSearchCreateSchema,
        response: { 200: SavedSearchSchema, 201: SavedSearchSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { search, created } = await saveSearch(db, request.user.id, request.body, app.clock.now())
      return reply.code(created ? 201 : 200).send(search)
    },
  )

  app.patch(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a saved search’s alert or its frequency',
        params: SavedSearchParamsSchema,
        body: SavedSearchPatchSchema,
        response: { 200: SavedSearchSchema, ...errorResponses },
      },
    },
    async (request) =>
      updateSavedSearch(db, request.user.id, request.params.id, request.body, app.clock.now()),
  )

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a saved search',
        params: SavedSearchParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(db, request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/:id/opened',
    {
      schema: {
        tags,
        security,
        summary: 'The search’s listing was opened from /searches: newSince counts from now',
        params: SavedSearchParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await markSearchOpened(db, request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )
}

export default savedSearchesRoutes
