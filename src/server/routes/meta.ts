import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '#domain/api/common.ts'
import { CitiesQuerySchema, type CitiesResponse, CitiesResponseSchema } from '#domain/api/meta.ts'
import { keepAnswer, keptAnswers } from '#server/plugins/answer-cache.ts'
import { loadCityIndex } from '#server/services/cities/city-index.ts'

const always = () => true

// the list only changes with a new dataset release, and the service worker caches it anyway
const CITIES_CACHE_CONTROL = 'public, max-age=3600'

// Routes under /api/meta: reference data the PWA needs on every screen.
const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  const index = await loadCityIndex(app.database.db)
  app.log.debug({ cities: index.size }, 'city index loaded')

  app.get(
    '/cities',
    {
      ...keptAnswers,
      schema: {
        summary: 'Canadian places, largest first, filtered by province and name',
        tags: ['meta'],
        querystring: CitiesQuerySchema,
        response: { 200: CitiesResponseSchema, 400: errorResponses[400] },
      },
    },
    async (request, reply) => {
      // Fastify sends a Buffer as is, skipping the response serialiser (the body is built from the
      // same CitySchema shape); the cast only tells the type provider so
      const body = index.searchJson(request.query) as unknown as CitiesResponse
      // the places only change with a new release of the server, so the whole answer may be given
      // again as long as it runs (docs/decisions/020-answer-cache.md)
      keepAnswer(reply, always)
      return reply
        .header('cache-control', CITIES_CACHE_CONTROL)
        .type('application/json; charset=utf-8')
        .send(body)
    },
  )
}

export default metaRoutes
