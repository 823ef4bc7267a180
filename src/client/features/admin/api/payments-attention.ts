import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AdminPaths, AttentionChargeListSchema } from '#domain/api/admin.ts'

export const paymentsAttentionKeys = {
  all: ['admin-payments-attention'] as const,
}

/** GET /admin/payments/attention: crypto charges a person should look at. */
export function paymentsAttentionQuery() {
  return queryOptions({
    queryKey: paymentsAttentionKeys.all,
    queryFn: ({ signal }) =>
      http.get(AdminPaths.paymentsAttention, { auth: 'admin', schema: AttentionChargeListSchema, signal }),
    // the admin is looking at money that may move any minute: always ask the server
    staleTime: 0,
  })
}

export function usePaymentsAttention() {
  return useQuery(paymentsAttentionQuery())
}
