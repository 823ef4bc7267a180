import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AuthPaths, type RegisterRequest, RegisterResponseSchema } from '#domain/api/auth.ts'

/** POST /auth/register: the answer is returned as is and no session starts. */
export function registerAccount(body: RegisterRequest) {
  return http.post(AuthPaths.register, body, { auth: 'none', schema: RegisterResponseSchema })
}

export function useRegister() {
  // 'always': a paused mutation would be persisted for later, password included
  return useMutation({ mutationFn: registerAccount, networkMode: 'always' })
}
