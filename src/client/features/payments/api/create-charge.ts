import { useMutation } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { type CreateChargeRequest, CreateChargeResponseSchema, PaymentsPaths } from '#domain/api/payments.ts'

/** POST /payments/crypto/charge (auth): the server prices post and bump; metadata carries the draft. */
export function createCharge(body: CreateChargeRequest) {
  return http.post(PaymentsPaths.charge, body, { schema: CreateChargeResponseSchema })
}

export function useCreateCharge() {
  return useMutation({ mutationFn: createCharge })
}
