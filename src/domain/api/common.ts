import { z } from 'zod'

/** Every API error body: one human-readable sentence the UI can show in a toast as is. */
export const ErrorSchema = z.object({ detail: z.string() })
export type ApiErrorBody = z.infer<typeof ErrorSchema>

/** The usual error answers of a route, for its `response` schema (OpenAPI lists them). */
export const errorResponses = {
  400: ErrorSchema,
  401: ErrorSchema,
  403: ErrorSchema,
  404: ErrorSchema,
  429: ErrorSchema,
} as const

/** PostgreSQL text cannot hold U+0000: stored free text refuses it here rather than fail the query. */
export const NUL_CHARACTER_DETAIL = 'Text must not contain NUL characters'
export function hasNoNul(text: string): boolean {
  return !text.includes('\u0000')
}
