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
