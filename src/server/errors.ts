/**
 * An error whose message is meant for the user: the error handler sends it as `{ detail }` with
 * this status, even for 5xx (e.g. 502 "Payment provider unavailable"). Any other error with a 5xx
 * status is logged and answered with 'Internal server error' so internals never leak.
 *
 *   throw new ApiError(402, 'Insufficient balance')
 */
export class ApiError extends Error {
  readonly statusCode: number

  constructor(statusCode: number, detail: string, options?: { cause?: unknown }) {
    super(detail, options)
    this.name = 'ApiError'
    this.statusCode = statusCode
  }
}

export const INTERNAL_ERROR_DETAIL = 'Internal server error'
// a dependency (database, media store) is down or frozen: the request may be sent again (503, Retry-After)
export const UNAVAILABLE_DETAIL = 'Service temporarily unavailable, please try again in a few seconds.'
export const NOT_FOUND_DETAIL = 'Not found'
export const RATE_LIMITED_DETAIL = 'Too many requests, please try again later.'
