import { useMutation, useQueryClient } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { TopupConfirmResponseSchema, WalletPaths } from '#domain/api/wallet.ts'
import { walletKeys } from './wallet-keys.ts'

/**
 * POST /wallet/topup/confirm (auth): credits a settled top-up once. Not settled yet: 409 with a
 * detail like 'Payment not confirmed yet (status NEW)'.
 */
export function confirmTopup(chargeId: string) {
  return http.post(WalletPaths.topupConfirm, { charge_id: chargeId }, { schema: TopupConfirmResponseSchema })
}

export function useConfirmTopup() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmTopup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  })
}
