import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, type EmailRequest, ResendVerificationResponseSchema } from '#domain/api/auth.ts'

/** POST /auth/resend-verification: answers 'sent' or 'already_verified'. */
export function resendVerification(body: EmailRequest) {
  return http.post(AuthPaths.resendVerification, body, {
    auth: 'none',
    schema: ResendVerificationResponseSchema,
  })
}

export function useResendVerification() {
  return useMutation({ mutationFn: resendVerification, networkMode: 'always' })
}
