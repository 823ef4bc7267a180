import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { WalletPaths, WalletSchema } from '#domain/api/wallet.ts'
import { walletKeys } from './wallet-keys.ts'

/** GET /wallet/ (auth): balance_cad and the transactions, newest first. */
export function getWallet(signal?: AbortSignal) {
  return http.get(WalletPaths.wallet, { schema: WalletSchema, signal })
}

export function walletQuery(email: string) {
  return queryOptions({
    queryKey: walletKeys.detail(email),
    queryFn: ({ signal }) => getWallet(signal),
    // money: show what the server says now whenever the page opens; the persisted copy is for offline
    staleTime: 0,
    retry: false,
  })
}

export function useWallet(email: string) {
  return useQuery(walletQuery(email))
}
