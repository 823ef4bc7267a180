// Renders the home page to HTML at build time (scripts/vite/prerender-home.ts), so the first paint of
// `/` (header and hero, the LCP element) needs only the HTML and the stylesheet, not the JavaScript.
// The browser then mounts the real app over it (app.tsx). Rendered as a signed-out, 18+-confirmed
// visitor: what a first visit sees once the gate is passed.
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { createQueryClient } from '#client/lib/query-client.ts'
import { Provider } from '#client/lib/state.ts'
import { routeTree } from './route-tree.gen.ts'

export async function renderHome(): Promise<string> {
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  return renderToString(
    <Provider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
}
