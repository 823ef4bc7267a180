import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AdminPaths, PurgeResponseSchema } from '#domain/api/admin.ts'

/** POST /admin/purge (admin): deletes all user data; answers the rows deleted per table. */
export function purgeAllData() {
  return http.post(AdminPaths.purge, undefined, { auth: 'admin', schema: PurgeResponseSchema })
}

export function usePurge() {
  return useMutation({ mutationFn: purgeAllData, networkMode: 'always' })
}
