import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { OUTBOX_PATH, OutboxResponseSchema } from '#domain/api/auth.ts'

export const outboxKeys = {
  all: ['admin-outbox'] as const,
}

/** GET /dev/outbox (admin): the mails kept instead of sent when the server has no SMTP_URL. */
export function outboxQuery() {
  return queryOptions({
    queryKey: outboxKeys.all,
    queryFn: ({ signal }) => http.get(OUTBOX_PATH, { auth: 'admin', schema: OutboxResponseSchema, signal }),
    // someone waiting for a verification link wants the mail that was just written
    staleTime: 0,
    // production has no outbox (404): asking again would not change that
    retry: false,
  })
}

export function useOutbox() {
  return useQuery(outboxQuery())
}
