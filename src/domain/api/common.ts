import { z } from 'zod'

const ParamsSchema = z.record(z.string(), z.union([z.string(), z.number()]))

/**
 * Every API error body: `detail`, one sentence the UI can show as is, in the language asked for; the
 * stable `code` it was worded from (src/domain/api/error-codes.ts) and that code's `params`; and for
 * a refused payload, each field's own code (docs/decisions/037-error-codes.md).
 */
export const ErrorSchema = z.object({
  detail: z.string(),
  code: z.string().optional(),
  params: ParamsSchema.optional(),
  issues: z
    .array(z.object({ field: z.string(), code: z.string(), params: ParamsSchema.optional() }))
    .optional(),
})
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
export function hasNoNul(text: string): boolean {
  return !text.includes('\u0000')
}
