import type { AdListQuery } from '#domain/api/ads.ts'

/** Public ad queries live under 'ads' (kept for offline, lib/persister.ts); the owner's under 'my-ads'. */
export const adsKeys = {
  all: ['ads'] as const,
  list: (query: AdListQueryParams) => ['ads', 'list', query] as const,
  detail: (id: string) => ['ads', 'detail', id] as const,
}

/** What a listing page asks GET /ads for: every field a plain value, so the key is stable JSON. */
export type AdListQueryParams = { [K in keyof AdListQuery]?: AdListQuery[K] | undefined }
