// POST /moderation/check before checkout (spec section 5): a draft with a banned phrase never reaches
// payment. The server is the judge; the client only shows its answer.
import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import {
  type ModerationCheckRequest,
  type ModerationCheckResponse,
  ModerationCheckResponseSchema,
  ModerationPaths,
} from '#domain/api/moderation.ts'

export function checkContent(body: ModerationCheckRequest): Promise<ModerationCheckResponse> {
  return http.post(ModerationPaths.check, body, { auth: 'none', schema: ModerationCheckResponseSchema })
}

export function useCheckContent() {
  return useMutation({ mutationKey: ['moderation', 'check'], mutationFn: checkContent })
}
