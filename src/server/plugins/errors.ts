import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { ApiError, INTERNAL_ERROR_DETAIL, UNAVAILABLE_DETAIL } from '#server/errors.ts'
import { type OutageLog, outageOf, RETRY_AFTER_SECONDS } from '#server/outages.ts'

interface Described {
  status: number
  detail: string
}

// "email: Invalid email address": the UI shows detail in a toast, so name the field, not the path syntax
function describeValidation(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const context = error.validationContext ?? 'body'
  const parts = error.validation.map((issue) => {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
    return `${field || context}: ${issue.message ?? 'Invalid value'}`
  })
  return [...new Set(parts)].join('; ')
}

export function describeError(error: unknown): Described {
  if (error instanceof ApiError) return { status: error.statusCode, detail: error.message }
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, detail: describeValidation(error) }

  const fastifyError = error as Partial<FastifyError>
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500
  if (status >= 500 || status < 400) return { status: 500, detail: INTERNAL_ERROR_DETAIL }
  if (status === 413) return { status, detail: 'Request body is too large' }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, detail: 'Request body is not valid JSON' }
  }
  return { status, detail: fastifyError.message || 'Bad request' }
}

/**
 * Fastify answers a URL it cannot decode, or a path parameter past maxParamLength, before routing
 * (so before the error handler) with its own body that echoes the URL: keep those `{ detail }` too.
 * Passed as the `frameworkErrors` server option.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  if (error.code === 'FST_ERR_BAD_URL') {
    reply.code(400).send({ detail: 'Malformed URL' })
    return
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(414).send({ detail: 'A path segment of the URL is too long' })
    return
  }
  const { status, detail } = describeError(error)
  if (status >= 500) reply.log.error({ err: error }, 'request failed')
  reply.code(status).send({ detail })
}

/** Answers 503 with Retry-After: what a request gets while a dependency is down or frozen. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send({ detail: UNAVAILABLE_DETAIL })
}

/**
 * Every error leaves as `{ detail }`. Routes throw ApiError for answers meant for the user. An
 * error a dependency's outage caused (the database or the media store down, frozen past its
 * timeout, a connection ended under a transaction) is a 503 with Retry-After and one log line per
 * outage (`outages`, docs/decisions/027-health-and-draining.md). Anything else with a 5xx status is
 * logged with its stack and answered with a bare 'Internal server error'.
 */
export function installErrorHandler(app: FastifyInstance, outages: OutageLog): void {
  app.setErrorHandler((error, request, reply) => {
    const dependency = outageOf(error)
    if (dependency !== undefined) {
      outages.failed(dependency, error)
      return sendUnavailable(reply)
    }
    const { status, detail } = describeError(error)
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    return reply.code(status).send({ detail })
  })
}
