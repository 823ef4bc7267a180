// POST /moderation/check: the form runs it before checkout, and an order saved offline runs it again
// before it is charged, so a draft with a banned phrase never reaches payment. The server is the judge;
// the client only shows its answer.
import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import {
  type ModerationCheckRequest,
  type ModerationCheckResponse,
  ModerationCheckResponseSchema,
  ModerationPaths,
} from '#domain/api/moderation.ts'

export function checkModeration(body: ModerationCheckRequest): Promise<ModerationCheckResponse> {
  return http.post(ModerationPaths.check, body, { auth: 'none', schema: ModerationCheckResponseSchema })
}

export function useCheckModeration() {
  return useMutation({ mutationKey: ['moderation', 'check'], mutationFn: checkModeration })
}
