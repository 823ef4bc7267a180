import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { describeError, errorBody, sendUnavailable } from '#server/http/error-answers.ts'
import { databaseWaitOf, outageOf } from '#server/outages.ts'

/**
 * Every error leaves as `{ detail, code, params? }`. Routes throw ApiError for answers meant for the
 * user. An error a dependency's outage caused (the database or the media store down, frozen past its
 * timeout, a connection ended under a transaction) is a 503 with Retry-After and one log line per
 * outage (`outages`, docs/decisions/027-health-and-draining.md). Anything else with a 5xx status is
 * logged with its stack and answered with a bare `request.internal`.
 */
async function errors(app: FastifyInstance): Promise<void> {
  const { outages } = app
  app.setErrorHandler((error, request, reply) => {
    const dependency = outageOf(error)
    if (dependency !== undefined) {
      outages.failed(dependency, error)
      const wait = databaseWaitOf(error)
      if (wait && request.server.hasDecorator('metrics')) request.server.metrics.countDatabaseWait(wait)
      return sendUnavailable(reply)
    }
    const { status, ...described } = describeError(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    return reply.code(status).send(errorBody(request.language, described))
  })
}

export default fp(errors, { name: 'errors', dependencies: ['core'] })
