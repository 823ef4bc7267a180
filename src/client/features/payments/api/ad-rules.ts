// GET /meta/ad-rules: the ad lifetime the checkout quotes is the server's configured one
// (AD_LIFETIME_DAYS), never a copy kept in the app (docs/decisions/036-one-ad-rule.md).
import { queryOptions, useQuery } from '@tanstack/react-query'
import { http } from '#client/lib/http.ts'
import { AdRulesSchema, MetaPaths } from '#domain/api/meta.ts'

export function getAdRules(signal?: AbortSignal) {
  return http.get(MetaPaths.adRules, { auth: 'none', schema: AdRulesSchema, signal })
}

export function adRulesQuery() {
  return queryOptions({
    queryKey: ['meta', 'ad-rules'] as const,
    queryFn: ({ signal }) => getAdRules(signal),
    // set by the server's configuration: it changes with a restart at most
    staleTime: 60 * 60 * 1000,
  })
}

export function useAdRules() {
  return useQuery(adRulesQuery())
}
