import { MAX_DRAFT_BYTES } from '#domain/api/payments.ts'
import { ApiError } from '#server/errors.ts'

/** An ad form is a few levels deep; PostgreSQL's jsonb parser runs out of stack long before 5,000. */
export const MAX_DRAFT_DEPTH = 32

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
    throw new ApiError(400, 'payment.draft_too_deep', { max: MAX_DRAFT_DEPTH })
  }
  if (Buffer.byteLength(json) > MAX_DRAFT_BYTES)
    throw new ApiError(413, 'payment.draft_too_large', { maxKb: MAX_DRAFT_BYTES / 1024 })
  let depth = 0
  let inString = false
  for (let i = 0; i < json.length; i++) {
    const c = json[i]
    if (inString) {
      if (c === '"') inString = false
      else if (c === '\\') {
        // of the \uXXXX escapes JSON.stringify writes, jsonb refuses \u0000 and lone surrogates
        if (json[i + 1] === 'u' && /^(?:0000|d[89a-f])/i.test(json.slice(i + 2, i + 6))) {
          throw new ApiError(400, 'payment.draft_bad_text')
        }
        i++
      }
    } else if (c === '"') inString = true
    else if (c === '[' || c === '{') {
      if (++depth > MAX_DRAFT_DEPTH)
        throw new ApiError(400, 'payment.draft_too_deep', { max: MAX_DRAFT_DEPTH })
    } else if (c === ']' || c === '}') depth--
  }
}
