import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { TopupInitiateResponseSchema, WalletPaths } from '#domain/api/wallet.ts'

/** POST /wallet/topup/initiate (auth): amount in CAD dollars; answers the crypto charge to pay. */
export function initiateTopup(amount: number) {
  return http.post(WalletPaths.topupInitiate, { amount }, { schema: TopupInitiateResponseSchema })
}

export function useInitiateTopup() {
  return useMutation({ mutationFn: initiateTopup })
}
