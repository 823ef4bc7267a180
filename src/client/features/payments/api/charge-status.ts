import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { ChargeStatusResponseSchema, PaymentsPaths } from '#domain/api/payments.ts'
import { chargeKeys } from './charge-keys.ts'

const STATUS_POLL_MS = 5_000

/** GET /payments/crypto/charge/{id}/status: public (the random id is the key), polled every 5 s. */
export function getChargeStatus(chargeId: string, signal?: AbortSignal) {
  return http.get(PaymentsPaths.chargeStatus(chargeId), {
    auth: 'none',
    schema: ChargeStatusResponseSchema,
    signal,
  })
}

export function chargeStatusQuery(chargeId: string, poll: boolean) {
  return queryOptions({
    queryKey: chargeKeys.status(chargeId),
    queryFn: ({ signal }) => getChargeStatus(chargeId, signal),
    staleTime: 0,
    retry: 1,
    refetchInterval: poll ? STATUS_POLL_MS : false,
    // the user is often in a wallet app meanwhile: keep polling in a background tab
    refetchIntervalInBackground: true,
  })
}

export function useChargeStatus(chargeId: string, poll: boolean) {
  return useQuery(chargeStatusQuery(chargeId, poll))
}
