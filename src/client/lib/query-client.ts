import { QueryClient } from '@tanstack/react-query'

// One client for the app. gcTime must outlive the persisted cache's maxAge, or restored queries
// would be garbage-collected before anyone reads them (TanStack persistQueryClient docs).
export const QUERY_GC_TIME_MS = 24 * 60 * 60 * 1000

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        gcTime: QUERY_GC_TIME_MS,
        retry: 1,
        refetchOnWindowFocus: false,
      },
    },
  })
}
