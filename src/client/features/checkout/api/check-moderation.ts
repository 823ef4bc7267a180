import { http } from '#client/lib/http.ts'
import {
  type ModerationCheckRequest,
  ModerationCheckResponseSchema,
  ModerationPaths,
} from '#domain/api/moderation.ts'

/** POST /moderation/check: run again before charging a draft stored offline, unchecked. */
export function checkModeration(body: ModerationCheckRequest) {
  return http.post(ModerationPaths.check, body, { auth: 'none', schema: ModerationCheckResponseSchema })
}
