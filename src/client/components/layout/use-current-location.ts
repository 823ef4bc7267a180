import { useRouterState } from '@tanstack/react-router'
import type { CurrentLocation, SearchParams } from './listing-target.ts'

/** The current path and parsed query, for the header's navigation targets. */
export function useCurrentLocation(): CurrentLocation {
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  const search = useRouterState({ select: (s) => s.location.search as SearchParams })
  return { pathname, search }
}
