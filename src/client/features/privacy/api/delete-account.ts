import { useMutation, useQueryClient } from '@tanstack/react-query'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { myAdsKeys } from '#client/features/manage/api/my-ads.ts'
import { request } from '#client/lib/http.ts'
import { signOut } from '#client/lib/session/session-store.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'

/**
 * DELETE /account { password }: on success every session of the account has ended on the server, so
 * this device signs out (which forgets the account's cached answers, as a sign-out does) and the
 * listings are read again without the account's ads.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (password: string) => request(PrivacyPaths.account, { method: 'DELETE', body: { password } }),
    onSuccess: () => {
      signOut()
      queryClient.removeQueries({ queryKey: myAdsKeys.all })
      void queryClient.invalidateQueries({ queryKey: adsKeys.all })
    },
  })
}
