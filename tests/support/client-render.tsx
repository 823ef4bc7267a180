// What the unit tests render screens in: a QueryClient that never retries (a refused request shows
// at once, and a test sees each request it caused once), and for the screens that navigate, their
// routes in an in-memory router.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { type AnyRoute, createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'

export function noRetryQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
}

export function renderWithQueryClient(ui: ReactNode) {
  return render(<QueryClientProvider client={noRetryQueryClient()}>{ui}</QueryClientProvider>)
}

/** Renders these routes from `path`; answers the router, to read where a test ended up. */
export function renderRoutes(routeTree: AnyRoute, path: string) {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }) })
  renderWithQueryClient(<RouterProvider router={router} />)
  return router
}
