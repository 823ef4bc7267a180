import { http } from '#client/lib/http.ts'
import { TopupConfirmResponseSchema, WalletPaths } from '#domain/api/wallet.ts'

/**
 * POST /wallet/topup/confirm (auth): credits a settled top-up once. Not settled yet: 409 with a
 * detail like 'Payment not confirmed yet (status NEW)'.
 */
export function confirmTopup(chargeId: string) {
  return http.post(WalletPaths.topupConfirm, { charge_id: chargeId }, { schema: TopupConfirmResponseSchema })
}
