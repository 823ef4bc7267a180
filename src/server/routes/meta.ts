import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  AdRulesSchema,
  CitiesQuerySchema,
  type CitiesResponse,
  CitiesResponseSchema,
} from '#domain/api/meta.ts'
import { keepAnswer, keptAnswers } from '#server/http/answer-cache.ts'
import { sendUnavailable } from '#server/http/error-answers.ts'
import { type CityIndex, loadCityIndex } from '#server/services/cities/city-index.ts'

const always = () => true

// the list only changes with a new dataset release, and the service worker caches it anyway
const CITIES_CACHE_CONTROL = 'public, max-age=3600'
// a request in the first seconds of a process waits this long for the index, then gets a 503
const INDEX_WAIT_MS = 5_000
// the rules change only with the server's configuration, that is with a restart
const AD_RULES_CACHE_CONTROL = 'public, max-age=300'

function waitAtMost<T>(work: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms)
  })
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

// Routes under /api/meta: reference data the PWA needs on every screen.
const metaRoutes: FastifyPluginAsyncZod = async (app) => {
  // seeding the table on a first start takes seconds: it runs after listen (startup-work.ts), and
  // /readyz says 503 until it is done (docs/decisions/026-migrations-and-start-up.md)
  let index: CityIndex | undefined
  const loading = app.startup.add('city index', async () => {
    index = await loadCityIndex(app.database.db)
    app.log.debug({ cities: index.size }, 'city index loaded')
    return index
  })

  app.get(
    '/cities',
    {
      ...keptAnswers,
      schema: {
        summary: 'Canadian places, largest first, filtered by province and name',
        tags: ['meta'],
        querystring: CitiesQuerySchema,
        response: { 200: CitiesResponseSchema, 400: errorResponses[400], 503: ErrorSchema },
      },
    },
    async (request, reply) => {
      const ready = index ?? (await waitAtMost(loading, INDEX_WAIT_MS))
      if (ready === undefined) return sendUnavailable(reply)
      // Fastify sends a Buffer as is, skipping the response serialiser (the body is built from the
      // same CitySchema shape); the cast only tells the type provider so
      const body = ready.searchJson(request.query) as unknown as CitiesResponse
      // the places only change with a new release of the server, so the whole answer may be given
      // again as long as it runs (docs/decisions/020-answer-cache.md)
      keepAnswer(reply, always)
      return reply
        .header('cache-control', CITIES_CACHE_CONTROL)
        .type('application/json; charset=utf-8')
        .send(body)
    },
  )

  app.get(
    '/ad-rules',
    {
      schema: {
        summary: "The server's ad rules the app quotes (the ad lifetime sold with the posting fee)",
        tags: ['meta'],
        response: { 200: AdRulesSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', AD_RULES_CACHE_CONTROL)
      return { adLifetimeDays: app.config.AD_LIFETIME_DAYS }
    },
  )
}

export default metaRoutes
