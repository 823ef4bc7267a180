import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { coded } from '#domain/api/error-codes.ts'
import { pickLanguage } from '#domain/languages.ts'
import { describeError, errorBody } from './error-answers.ts'
import { navigationErrorPage } from './error-page.ts'

/**
 * Fastify answers a URL it cannot decode, or a path parameter past maxParamLength, before routing
 * (so before the error handler and the hooks) with its own body that echoes the URL: keep those
 * `{ detail, code }` too, or the error page to a browser's navigation (error-page.ts).
 * Passed as the `frameworkErrors` server option.
 */
export function frameworkErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  // from the header: a request answered before routing lacks the plugins' decorations (request.language)
  const language = pickLanguage(request.headers['accept-language'])
  const send = (status: number, body: Record<string, unknown>) => {
    reply.code(status).send(navigationErrorPage(request, reply, status, body) ?? body)
  }
  if (error.code === 'FST_ERR_BAD_URL') {
    send(400, errorBody(language, { error: coded('request.malformed_url') }))
    return
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    send(414, errorBody(language, { error: coded('request.segment_too_long') }))
    return
  }
  const { status, ...described } = describeError(error)
  if (status >= 500) reply.log.error({ err: error }, 'request failed')
  send(status, errorBody(language, described))
}
