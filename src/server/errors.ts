import {
  type CodedError,
  type CodedIssue,
  coded,
  type ErrorCode,
  type ErrorWords,
  type ParamsArg,
  wordError,
  wordIssues,
} from '#domain/api/error-codes.ts'
import { errorWordsEn } from '#domain/api/error-words-en.ts'
import { errorWordsFr } from '#domain/api/error-words-fr.ts'
import type { Language } from '#domain/languages.ts'

/**
 * An error meant for the user, named by a code declared in src/domain/api/error-codes.ts with the
 * parameters that code declares (a wrong or missing one fails the typecheck). The error handler
 * answers `{ detail, code, params }` with this status, even for 5xx (e.g. 502 when the payment
 * provider is down), the detail worded in the request's language (docs/decisions/037-error-codes.md).
 * Any other error with a 5xx status is logged and answered as `request.internal`.
 *
 *   throw new ApiError(402, 'wallet.insufficient_balance')
 *   throw new ApiError(422, 'ad.banned_words', { words: 'a, b' })
 */
export class ApiError<C extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number
  readonly coded: CodedError

  constructor(statusCode: number, code: C, ...params: [...ParamsArg<C>, { cause?: unknown }?]) {
    const declared = (params.length > 0 && !isOptions(params[0]) ? params.slice(0, 1) : []) as ParamsArg<C>
    const options = params.find(isOptions)
    const error = coded(code, ...declared)
    super(wordError(errorWordsEn, error), options)
    this.name = 'ApiError'
    this.statusCode = statusCode
    this.coded = error
  }

  /** The error for a code and parameters read at run time (a zod message, a stored refusal). */
  static of(statusCode: number, error: CodedError): ApiError {
    const args = error.params === undefined ? [] : [error.params]
    return new ApiError(statusCode, error.code, ...(args as never as []))
  }
}

// the options bag is the only argument with `cause`; a code's parameters never use that name
function isOptions(value: unknown): value is { cause?: unknown } {
  return typeof value === 'object' && value !== null && 'cause' in value
}

function catalog(language: Language): ErrorWords {
  return language === 'fr' ? errorWordsFr : errorWordsEn
}

/** The words of a coded error in a language: the `detail` (or 2xx `message`) the API sends. */
export function errorText(language: Language, error: CodedError): string {
  return wordError(catalog(language), error)
}

/** The detail of a refused payload in a language: each field and what is wrong with it. */
export function issuesText(language: Language, issues: readonly CodedIssue[]): string {
  return wordIssues(catalog(language), issues)
}

/** A refusal a route sends itself: `{ detail, code, params? }`, worded again in the request's language on the way out. */
export interface Refusal {
  detail: string
  code: ErrorCode
  params?: Readonly<Record<string, string | number>>
}

export function refusal<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): Refusal {
  const error = coded(code, ...params)
  return { detail: wordError(errorWordsEn, error), ...error }
}

/** A 2xx answer's `{ message, code }`, worded in English here and in the request's language on the way out. */
export function saying<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): { message: string; code: C } {
  return { message: wordError(errorWordsEn, coded(code, ...params)), code }
}
