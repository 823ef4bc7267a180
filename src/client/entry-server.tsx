// The server render of a page (listing and ad pages, src/server/routes/pages.ts): the same route tree
// and components as the browser, run once in memory for one URL through TanStack Router's own request
// handler (`createRequestHandler`). The route loaders fetch their data through the API in the server's
// own process (setup's fetch), the page declares its head (components/layout/page-head.tsx), and the
// router dehydrates its matches and, through @tanstack/react-router-ssr-query, the query cache into its
// `$_TSR` scripts, which the browser reads back (app.tsx) to start from the same data without asking
// again. Built by `vite build --ssr` (scripts/build.mjs).
import { defaultShouldDehydrateQuery } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import {
  createRequestHandler,
  getSsrStatus,
  RouterServer,
  transformHtmlStringWithRouter,
} from '@tanstack/react-router/ssr/server'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
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

// the router takes its origin from the request; redirects it resolves to this origin become paths
const ORIGIN = 'http://page'
// what the router's string render puts before the markup: the page's own shell has its doctype
const DOCTYPE = '<!DOCTYPE html>'

/** Only ever a path of this site; anything else goes home. */
function sitePath(location: string): string {
  return location.startsWith('/') && !location.startsWith('//') ? location : '/'
}

/** One page; the caller runs it inside its language (RenderSetup.renderLanguage says `lang`). */
export async function renderPage(url: string, lang: Language): Promise<RenderedPage> {
  await loadRenderTexts(lang)
  const queryClient = createQueryClient()
  const handle = createRequestHandler({
    request: new Request(new URL(url, ORIGIN)),
    createRouter: () => {
      const router = createRouter({ routeTree, ...plainTextSearch, context: { queryClient } })
      // the queries the page was drawn from go with it; a failed or unfinished one is asked again in the
      // browser, as before this integration (TanStack Query's own default for dehydrate)
      setupRouterSsrQueryIntegration({
        router,
        queryClient,
        dehydrateOptions: { shouldDehydrateQuery: defaultShouldDehydrateQuery },
      })
      return router
    },
  })

  let head: PageHeadInfo | null = null
  let markup = ''
  let document = ''
  let staleAt: number | null = null
  const answer = await handle(async ({ router, responseHeaders }) => {
    // the loaders are done and the cache is still whole here (the router empties it once it has
    // written the page): the ads the page shows say when it stops being true
    staleAt = earliestExpiry(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.state.data),
    )
    markup = renderToString(
      <PageHeadCollector.Provider value={(declared) => (head = declared)}>
        <Provider>
          <RouterServer router={router} />
        </Provider>
      </PageHeadCollector.Provider>,
    )
    // as the router's renderRouterToString does, but the page stays text: our shell takes it
    // (services/pages/page-html.ts), so the answer carries only the status, not the page again
    document = await transformHtmlStringWithRouter(router, markup)
    return new Response(null, { status: getSsrStatus(router), headers: responseHeaders })
  })

  // the route sends the visitor elsewhere: an unknown province goes home, a search that spells out its
  // defaults (?page=1, ?city=ALL) or a value it corrects (?page=abc) goes to the URL without them. The
  // router's handler answers that as a redirect, as TanStack Start sends it
  const location = answer.headers.get('location')
  if (location !== null) {
    const redirect = sitePath(location)
    return { html: '', preloads: '', head: null, documentTitle: '', scripts: '', redirect }
  }
  // the router writes its scripts after the markup when the markup has no </body> of its own (ours goes
  // into #root of a shell): what follows the markup is those scripts, for the page to carry
  const start = DOCTYPE.length
  if (!document.startsWith(DOCTYPE) || !document.startsWith(markup, start))
    throw new Error('the router changed the rendered markup')
  const scripts = document.slice(start + markup.length)
  // react-dom/server puts the images' preloads first; in #root they would not match what the browser's
  // React renders (it adopts the markup as it is, app.tsx), in <head> they start the photos sooner
  const preloads = /^(?:<link [^>]*>)*/.exec(markup)?.[0] ?? ''
  const html = markup.slice(preloads.length)
  const declared = head as PageHeadInfo | null
  const documentTitle = declared ? pageTitle(declared.title) : msg.app.documentTitle
  return { html, preloads, head: declared, documentTitle, scripts, redirect: null, staleAt }
}
