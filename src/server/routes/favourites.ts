import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import {
  FavouriteListSchema,
  FavouriteMergeResultSchema,
  FavouriteMergeSchema,
  FavouriteParamsSchema,
} from '#domain/api/favourites.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import {
  dropFavourite,
  keepFavourite,
  listFavourites,
  mergeFavourites,
} from '#server/services/favourites/favourites.ts'

// Routes under /api/account/favourites (issue 41's contract; docs/decisions/046-favourites.md).
const favouritesRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation, so a request without a session gets 401 rather than a 400 about its id
  app.addHook('preValidation', app.requireUser)
  // a user's list is theirs: no shared cache keeps it
  app.addHook('onRequest', noStoreHook)
  const { db } = app.database
  const security = [{ bearerAuth: [] }]
  const tags = ['favourites']

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        summary: 'Your favourites, newest first',
        description:
          'listed is false once the ad is expired, held, removed or deleted; the favourite stays. ad is ' +
          'the public view of the ad while it is listed or expired, null otherwise.',
        response: { 200: FavouriteListSchema, ...errorResponses },
      },
    },
    async (request) => listFavourites(db, request.user.id, app.clock.now(), request.language),
  )

  app.post(
    '/merge',
    {
      schema: {
        tags,
        security,
        summary: "Add the device's favourites to the account (a repeat changes nothing)",
        body: FavouriteMergeSchema,
        response: { 200: FavouriteMergeResultSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { skipped } = await mergeFavourites(db, request.user.id, request.body, now)
      return { ...(await listFavourites(db, request.user.id, now, request.language)), skipped }
    },
  )

  app.put(
    '/:adId',
    {
      schema: {
        tags,
        security,
        summary: 'Keep an ad (idempotent)',
        params: FavouriteParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await keepFavourite(db, request.user.id, request.params.adId)
      return reply.code(204).send(null)
    },
  )

  app.delete(
    '/:adId',
    {
      schema: {
        tags,
        security,
        summary: 'Stop keeping an ad (idempotent)',
        params: FavouriteParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await dropFavourite(db, request.user.id, request.params.adId)
      return reply.code(204).send(null)
    },
  )
}

export default favouritesRoutes
