import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { signIn } from '#client/lib/session/session-store.ts'
import { deviceMarkFor, keepDeviceMark } from '#client/lib/session/sign-in-devices.ts'
import { AuthPaths, type LoginRequest, LoginResponseSchema } from '#domain/api/auth.ts'

/** POST /auth/login: the answer's token and user become the session. */
export async function login(body: LoginRequest) {
  const account = `user:${body.email}`
  const device = deviceMarkFor(account)
  const answer = await http.post(AuthPaths.login, device ? { ...body, device } : body, {
    auth: 'none',
    schema: LoginResponseSchema,
  })
  keepDeviceMark(account, answer.device)
  signIn(answer.token, answer.user)
  // the device's favourites join the account now, whatever page comes next (docs/decisions/046-favourites.md)
  void import('#client/lib/favourites/favourites-sync.ts').then((sync) => sync.startFavourites())
  return answer
}

export function useLogin() {
  // 'always': a paused mutation would be persisted for later, password included
  return useMutation({ mutationFn: login, networkMode: 'always' })
}
