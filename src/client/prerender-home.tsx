// Renders the home page to HTML at build time (scripts/vite/prerender-home.ts), so the first paint of
// `/` (header and hero, the LCP element) needs only the HTML and the stylesheet, not the JavaScript.
// The browser then mounts the real app over it (app.tsx). Rendered as a signed-out, 18+-confirmed
// visitor: what a first visit sees once the gate is passed, once in each language (the server sends the
// one the visitor asks for, src/server/routes/pages.ts).
import { QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { msg, setLanguage } from '#client/i18n/messages.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { plainTextSearch } from '#client/lib/search-schema.ts'
import { Provider } from '#client/lib/state.ts'
import type { Language } from '#domain/languages.ts'
import { routeTree } from './route-tree.gen.ts'

export interface RenderedHome {
  markup: string
  title: string
  description: string
}

export async function renderHome(language: Language): Promise<RenderedHome> {
  await setLanguage(language, false)
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    ...plainTextSearch,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  await router.load()
  const markup = renderToString(
    <Provider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </Provider>,
  )
  return { markup, title: msg.app.documentTitle, description: msg.app.description }
}
