import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, MessageResponseSchema, type ResetPasswordRequest } from '#domain/api/auth.ts'

/** POST /auth/reset-password with the mailed single-use token. */
export function resetPassword(body: ResetPasswordRequest) {
  return http.post(AuthPaths.resetPassword, body, { auth: 'none', schema: MessageResponseSchema })
}

export function useResetPassword() {
  // 'always': a paused mutation would be persisted for later, new password included
  return useMutation({ mutationFn: resetPassword, networkMode: 'always' })
}
