import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, type ChangePasswordRequest, MessageResponseSchema } from '#domain/api/auth.ts'

/** POST /auth/change-password: the server ends every other session of the user. */
export function changePassword(body: ChangePasswordRequest) {
  return http.post(AuthPaths.changePassword, body, { schema: MessageResponseSchema })
}

export function useChangePassword() {
  // 'always': a paused mutation would be persisted for later, both passwords included
  return useMutation({ mutationFn: changePassword, networkMode: 'always' })
}
