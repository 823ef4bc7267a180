import type { FastifyError, FastifyReply } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import { type CodedError, type CodedIssue, coded, isErrorCode, readSays } from '#domain/api/error-codes.ts'
import type { Language } from '#domain/languages.ts'
import { ApiError, errorText, issuesText } from '#server/errors.ts'
import { RETRY_AFTER_SECONDS } from '#server/outages.ts'

interface Described {
  status: number
  error: CodedError
  issues?: CodedIssue[]
}

interface ValidationIssue {
  instancePath: string
  message?: string
}

// A schema's own checks say their code (`says` in src/domain/api/error-codes.ts); zod's built-in
// messages (a wrong type, a missing key) have none: their English stays the reason, under one code.
function issueCode(issue: ValidationIssue): CodedError {
  const said = issue.message === undefined ? undefined : readSays(issue.message)
  return said ?? coded('request.invalid_value', { reason: issue.message ?? 'Invalid value' })
}

function describeValidation(error: FastifyError & { validation: ValidationIssue[] }): {
  error: CodedError
  issues: CodedIssue[]
} {
  const context = error.validationContext ?? 'body'
  const issues = error.validation.map((issue) => ({
    field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || context,
    ...issueCode(issue),
  }))
  return { error: coded('request.invalid'), issues }
}

export function describeError(error: unknown): Described {
  if (error instanceof ApiError) return { status: error.statusCode, error: error.coded }
  if (hasZodFastifySchemaValidationErrors(error)) return { status: 400, ...describeValidation(error) }

  const fastifyError = error as Partial<FastifyError>
  const status = typeof fastifyError.statusCode === 'number' ? fastifyError.statusCode : 500
  if (status >= 500 || status < 400) return { status: 500, error: coded('request.internal') }
  if (status === 413) return { status, error: coded('request.too_large') }
  if (status === 404) return { status, error: coded('request.not_found') }
  if (status === 429) return { status, error: coded('request.rate_limited') }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY') {
    return { status: 400, error: coded('request.bad_json') }
  }
  const reason = fastifyError.message || 'Bad request'
  if (status === 415) return { status, error: coded('request.unsupported_type', { reason }) }
  return { status, error: coded('request.refused', { reason }) }
}

/**
 * The body of every refusal: `detail` in the request's language, the `code` and its `params`, and for
 * a validation answer each refused field's issue. The detail of a validation answer names each field
 * ("email: Enter a valid email; …"): the app shows it in a toast as is.
 */
export function errorBody(language: Language, described: Omit<Described, 'status'>) {
  const { error, issues } = described
  return {
    detail: issues === undefined ? errorText(language, error) : issuesText(language, issues),
    code: error.code,
    ...(error.params === undefined ? {} : { params: error.params }),
    ...(issues === undefined ? {} : { issues }),
  }
}

function isIssue(value: unknown): value is CodedIssue {
  const issue = value as Partial<CodedIssue> | null
  return (
    typeof issue === 'object' && issue !== null && typeof issue.field === 'string' && isErrorCode(issue.code)
  )
}

/**
 * An answer carrying a declared `code` with its `detail` (a refusal) or `message` (a 2xx) worded in
 * `language`; any other answer as it is. Answers a route builds itself (a wallet payment's refusal,
 * replayed from its Idempotency-Key; an account message) are worded here on their way out.
 */
export function wordAnswer(language: Language, payload: Record<string, unknown>): Record<string, unknown> {
  const { code, params, issues } = payload
  if (!isErrorCode(code)) return payload
  const error: CodedError =
    typeof params === 'object' && params !== null
      ? { code, params: params as Readonly<Record<string, string | number>> }
      : { code }
  const worded = { ...payload }
  if (typeof payload.detail === 'string') {
    worded.detail =
      Array.isArray(issues) && issues.every(isIssue)
        ? issuesText(language, issues)
        : errorText(language, error)
  }
  if (typeof payload.message === 'string') worded.message = errorText(language, error)
  return worded
}

/** Answers 503 with Retry-After: what a request gets while a dependency is down or frozen. */
export function sendUnavailable(reply: FastifyReply): FastifyReply {
  return reply
    .code(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .send(errorBody(reply.request.language, { error: coded('request.unavailable') }))
}
