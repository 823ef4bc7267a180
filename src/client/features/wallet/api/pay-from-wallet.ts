import { http } from '#client/lib/http.ts'
import { WalletPaths, type WalletPayRequest, WalletPayResponseSchema } from '#domain/api/wallet.ts'

/**
 * POST /wallet/pay (auth). The idempotency key belongs to the order (a checkout attempt, kept in
 * IndexedDB before the first try): every retry sends the same one, so the server charges once.
 */
export function payFromWallet(body: WalletPayRequest, idempotencyKey: string) {
  return http.post(WalletPaths.pay, body, { schema: WalletPayResponseSchema, idempotencyKey })
}
