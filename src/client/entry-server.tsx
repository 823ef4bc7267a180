// The server render of a page (listing and ad pages, src/server/routes/pages.ts): the same route tree
// and components as the browser, run once in memory for one URL. The route loaders fetch their data
// through the API in the server's own process (setup's fetch), the page declares its head
// (components/layout/page-head.tsx), and the query cache travels with the HTML so the browser starts
// from the same data without asking again (app.tsx). Built by `vite build --ssr` (scripts/build.mjs).
import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import { renderToString } from 'react-dom/server'
import { PageHeadCollector, pageTitle } from '#client/components/layout/page-head.tsx'
import { loadRenderTexts, msg, readRenderLanguageFrom } from '#client/i18n/messages.ts'
import { setTransport } from '#client/lib/http.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { plainTextSearch } from '#client/lib/search-schema.ts'
import { Provider } from '#client/lib/state.ts'
import type { Language } from '#domain/languages.ts'
import { earliestExpiry, type PageHeadInfo, type RenderedPage } from '#domain/pages.ts'
import { routeTree } from './route-tree.gen.ts'

export interface RenderSetup {
  /** Where the loaders' API calls go. */
  fetch: (url: string, init: RequestInit) => Promise<Response>
  /**
   * The language of the render that is running now, as the caller keeps it per render (the server's
   * AsyncLocalStorage, services/pages/page-renderer.ts): every text, date and price of a render and
   * its API calls' Accept-Language read it, so renders in English and French run at the same time.
   */
  renderLanguage: () => Language | undefined
}

/** Once, at start. */
export function setup(options: RenderSetup): void {
  setTransport(options.fetch)
  readRenderLanguageFrom(options.renderLanguage)
}

/** One page; the caller runs it inside its language (RenderSetup.renderLanguage says `lang`). */
export async function renderPage(url: string, lang: Language): Promise<RenderedPage> {
  await loadRenderTexts(lang)
  const queryClient = createQueryClient()
  const router = createRouter({
    routeTree,
    ...plainTextSearch,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [url] }),
  })
  await router.load()
  // the route sends the visitor elsewhere: an unknown province goes home, a search that spells out its
  // defaults (?page=1, ?city=ALL) or a value it corrects (?page=abc) goes to the URL without them. The
  // server's router does not move: it keeps the redirect as its load's result and would render nothing,
  // so it is read where TanStack Start's own request handler reads it
  const loaded = router._serverResult
  if (loaded?.type === 'redirect') {
    const target = loaded.redirect.options.href
    // only ever a path of this site; anything else goes home
    const redirect = target?.startsWith('/') && !target.startsWith('//') ? target : '/'
    return { html: '', preloads: '', head: null, documentTitle: '', state: '{}', redirect }
  }

  let head: PageHeadInfo | null = null
  const markup = renderToString(
    <PageHeadCollector.Provider value={(declared) => (head = declared)}>
      <Provider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </Provider>
    </PageHeadCollector.Provider>,
  )
  // react-dom/server puts the images' preloads first; in #root they would not match what the browser's
  // React renders (it adopts the markup as it is, app.tsx), in <head> they start the photos sooner
  const preloads = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? ''
  const html = markup.slice(preloads.length)
  const dehydrated = dehydrate(queryClient)
  const state = JSON.stringify(dehydrated)
  const staleAt = earliestExpiry(dehydrated.queries.map((query) => query.state.data))
  queryClient.clear()
  const declared = head as PageHeadInfo | null
  const documentTitle = declared ? pageTitle(declared.title) : msg.app.documentTitle
  return { html, preloads, head: declared, documentTitle, state, redirect: null, staleAt }
}
