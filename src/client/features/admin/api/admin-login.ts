import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { deviceMarkFor, keepDeviceMark } from '#client/lib/session/sign-in-devices.ts'
import { type AdminLoginRequest, AdminLoginResponseSchema, AdminPaths } from '#domain/api/admin.ts'

/** POST /admin/login: the token is kept in browser storage. */
export async function adminLogin(body: AdminLoginRequest) {
  const account = `admin:${body.username}`
  const device = deviceMarkFor(account)
  const answer = await http.post(AdminPaths.login, device ? { ...body, device } : body, {
    auth: 'none',
    schema: AdminLoginResponseSchema,
  })
  keepDeviceMark(account, answer.device)
  setAdminToken(answer.token)
  return answer
}

export function useAdminLogin() {
  // 'always': a paused mutation would be persisted for later, password included
  return useMutation({ mutationFn: adminLogin, networkMode: 'always' })
}
