import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdParamsSchema } from '#domain/api/ads.ts'
import { BumpScheduleRequestSchema, BumpScheduleSchema } from '#domain/api/bump-schedules.ts'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import { SCHEDULE_MAX_DAYS, SCHEDULE_MAX_MOMENTS, SCHEDULE_MAX_TIMES } from '#domain/bump-schedule.ts'
import { BUMP_SPACING_MINUTES } from '#domain/bump-spacing.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { formatFee } from '#domain/money.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import { cancelSchedule, putSchedule, readSchedule } from '#server/services/bump-schedules/bump-schedules.ts'

// Routes under /api/ads/:id/bump-schedule (issue 42 item 4, docs/decisions/050-scheduled-bumps.md).
// The owner's only: anyone else's ad, an admin's view included, answers 404 as the fees do.
const bumpScheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation, so a request without a session gets 401 rather than a 400 about its body
  app.addHook('preValidation', app.requireUser)
  app.addHook('onRequest', noStoreHook)
  const { db } = app.database
  const service = app.adsService
  const security = [{ bearerAuth: [] }]
  const tags = ['ads']
  const url = '/:id/bump-schedule'

  app.put(
    url,
    {
      schema: {
        tags,
        security,
        summary: 'Schedule bumps of your live ad (replaces its schedule)',
        description:
          `Either {timeZone, times, days}: up to ${SCHEDULE_MAX_TIMES} times of day (HH:MM) in an IANA time ` +
          `zone, for 1 to ${SCHEDULE_MAX_DAYS} days from today (times already past today are left out); or ` +
          `{moments}: up to ${SCHEDULE_MAX_MOMENTS} ISO instants, in the future and within ${SCHEDULE_MAX_DAYS} ` +
          `days. Any two moments at least ${BUMP_SPACING_MINUTES} minutes apart (400 bump_schedule.too_close). ` +
          `Each moment is a bump charged ${formatFee(FEES_CENTS.bump)} from the wallet then, like a manual ` +
          'one; one the balance does not cover is skipped and the owner mailed once. A second PUT cancels ' +
          "the first one's waiting moments. Only a live ad (409 with the bump fee's code).",
        params: AdParamsSchema,
        body: BumpScheduleRequestSchema,
        response: { 200: BumpScheduleSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user.id
      const { id } = request.params
      return putSchedule(db, (tx) => service.ownAd(user, id, tx), user, request.body, app.clock.now())
    },
  )

  app.get(
    url,
    {
      schema: {
        tags,
        security,
        summary: "Your ad's scheduled bumps: the moments still to run",
        description: 'next is empty without a schedule, and once the ad is held, expired or removed.',
        params: AdParamsSchema,
        response: { 200: BumpScheduleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user.id
      return readSchedule(db, (tx) => service.ownAd(user, request.params.id, tx), app.clock.now())
    },
  )

  app.delete(
    url,
    {
      schema: {
        tags,
        security,
        summary: "Cancel your ad's scheduled bumps (nothing more is charged; harmless without one)",
        params: AdParamsSchema,
        response: { 200: BumpScheduleSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = request.user.id
      return cancelSchedule(db, (tx) => service.ownAd(user, request.params.id, tx), app.clock.now())
    },
  )
}

export default bumpScheduleRoutes
