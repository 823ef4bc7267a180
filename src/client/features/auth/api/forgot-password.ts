import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, type EmailRequest, MessageResponseSchema } from '#domain/api/auth.ts'

/** POST /auth/forgot-password: the same answer whether or not the account exists. */
export function forgotPassword(body: EmailRequest) {
  return http.post(AuthPaths.forgotPassword, body, { auth: 'none', schema: MessageResponseSchema })
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword, networkMode: 'always' })
}
