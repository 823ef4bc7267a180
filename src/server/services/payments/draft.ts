import { MAX_DRAFT_BYTES } from '#domain/api/payments.ts'
import { ApiError } from '#server/errors.ts'

/** An ad form is a few levels deep; PostgreSQL's jsonb parser runs out of stack long before 5,000. */
export const MAX_DRAFT_DEPTH = 32

export const DRAFT_TOO_LARGE_DETAIL = `The draft is too large to keep with the payment (at most ${MAX_DRAFT_BYTES / 1024} KB)`
export const DRAFT_TOO_DEEP_DETAIL = `The draft is nested too deeply (at most ${MAX_DRAFT_DEPTH} levels)`
export const DRAFT_BAD_TEXT_DETAIL =
  'The draft contains text that cannot be stored (NUL or unpaired surrogate characters)'

/**
 * The draft kept with a charge goes into a jsonb column, which refuses what JSON.parse accepts:
 * \u0000 and unpaired surrogates, and nesting past its stack. Refused here with a 4xx rather than
 * failing the INSERT with a 500.
 */
export function checkDraft(draft: unknown): void {
  if (draft === null || draft === undefined) return
  let json: string
  try {
    json = JSON.stringify(draft)
  } catch {
    // RangeError: JSON.stringify recurses, so a draft nested a hundred thousand levels overflows it
    throw new ApiError(400, DRAFT_TOO_DEEP_DETAIL)
  }
  if (Buffer.byteLength(json) > MAX_DRAFT_BYTES) throw new ApiError(413, DRAFT_TOO_LARGE_DETAIL)
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    if (inString) {
      if (c === '"') inString = false
      else if (c === '\\') {
        // of the \uXXXX escapes JSON.stringify writes, jsonb refuses \u0000 and lone surrogates
        if (json[i + 1] === 'u' && /^(?:0000|d[89a-f])/i.test(json.slice(i + 2, i + 6))) {
          throw new ApiError(400, DRAFT_BAD_TEXT_DETAIL)
        }
        i++
      }
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') {
      if (++depth > MAX_DRAFT_DEPTH) throw new ApiError(400, DRAFT_TOO_DEEP_DETAIL)
    } else if (c === ']' || c === '}') depth--
  }
}
