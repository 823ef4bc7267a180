import './lib/zod-jitless.ts'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { hydrate } from '@tanstack/react-router/ssr/client'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { StrictMode, startTransition, useSyncExternalStore } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { ErrorPage } from '#client/components/layout/error-page.tsx'
import {
  chosenLanguage,
  onLanguageChange,
  rememberLanguage,
  setLanguage,
  startLanguage,
  textsRevision,
} from '#client/i18n/messages.ts'
import { reportHydrationError } from '#client/lib/hydration-report.ts'
import { PersistedQueries } from '#client/lib/persisted-queries.tsx'
import { createPersister, persistOptions, saveNow } from '#client/lib/persister.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { plainTextSearch } from '#client/lib/search-schema.ts'
import { rememberServerRendered } from '#client/lib/server-rendered-queries.ts'
import { Provider } from '#client/lib/state.ts'
import { isLanguage, type Language, LOCALES } from '#domain/languages.ts'
import { routeTree } from './route-tree.gen.ts'

// A French link (?lang=fr, as search engines list the French pages) opens in French and is remembered
// like the switch; the parameter then leaves the address bar, so the routes never see it.
const address = new URL(window.location.href)
const linkLanguage = address.searchParams.get('lang')
if (isLanguage(linkLanguage)) {
  rememberLanguage(linkLanguage)
  address.searchParams.delete('lang')
  window.history.replaceState(window.history.state, '', `${address.pathname}${address.search}${address.hash}`)
}

/** The language the server drew the page in, from its `<html lang>`. */
function drawnLanguage(): Language {
  return document.documentElement.lang === LOCALES.fr ? 'fr' : 'en'
}

/** Once the root layout says the page is the app's (`<html data-app="ready">`, routes/__root.tsx). */
function onceAppReady(then: () => void): void {
  const observer = new MutationObserver(() => {
    if (document.documentElement.dataset.app !== 'ready') return
    observer.disconnect()
    then()
  })
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-app'] })
}

const queryClient = createQueryClient()
const persister = createPersister()

// A server-rendered page (src/client/entry-server.tsx) carries the router's state and the data it was
// rendered with in TanStack Router's `$_TSR` scripts, which ran before this module.
const serverRendered = window.$_TSR !== undefined

const router = createRouter({
  routeTree,
  ...plainTextSearch,
  context: { queryClient },
  defaultPreload: 'intent',
  // the query cache decides freshness; the router always asks it
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
})
// the router's hydration (below) puts the server's queries into this client, so the first render
// matches the page's markup and asks the API nothing before painting; PersistedQueries provides the
// client to the tree
setupRouterSsrQueryIntegration({ router, queryClient, wrapQueryClient: false })

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// A language switch rewrites the texts in place (src/client/i18n/messages.ts); remounting the routed tree
// re-renders every screen in the new language, while the router, the query cache and the stores outside
// React keep their state.
function Routed() {
  const revision = useSyncExternalStore(onLanguageChange, textsRevision, textsRevision)
  return <RouterProvider key={revision} router={router} />
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html lacks #root')

const app = (
  <StrictMode>
    <Provider>
      <PersistedQueries
        client={queryClient}
        persistOptions={{ persister, ...persistOptions }}
        // a page that arrived with its data shows it at once; others wait for this device's saved copy
        waitForRestore={!serverRendered}
        saveNow={() => saveNow(queryClient)}
        onRestored={() => {
          // paused offline mutations (posting, payments) resume once their persisted state is back
          void queryClient.resumePausedMutations()
        }}
      >
        <Routed />
      </PersistedQueries>
    </Provider>
  </StrictMode>
)

// Listing and ad pages arrive rendered by the server (src/server/routes/pages.ts) with their data, and
// `/` pre-rendered at build time (scripts/vite/prerender-home.ts): React adopts that markup (hydration)
// rather than drawing it again, so the photos already painted stay the page's largest paint. Where the
// browser knows more than the server did (the session, a time zone), components draw the server's
// version first and update after (lib/use-hydrated.ts); a mismatch left anyway costs one client render
// of that part, never a broken page, and is reported (lib/hydration-report.ts).
// French users wait for the French catalog, never seeing an English flash; English costs nothing here.
// A drawn page is adopted in the language it was drawn in; should this device have chosen the other
// one (a choice kept without its cookie, which the server reads), the app switches once the page is its
// own and remembers the choice, cookie included, for the server's next page. Without a choice the
// server's is kept: it knows what the app may not (a Quebec visitor's region, decision 066).
const drawnIn = serverRendered ? drawnLanguage() : undefined
const languageReady = (drawnIn ? setLanguage(drawnIn, false) : startLanguage()).catch(() => undefined)
const chosen = chosenLanguage()
if (drawnIn && chosen && drawnIn !== chosen) {
  onceAppReady(() => void setLanguage(chosen).catch(() => undefined))
}
if (serverRendered) {
  // as TanStack's RouterClient does, before React starts rather than in its first render: the router
  // takes the server's matches and queries, so the tree it renders is the server's, with no Suspense
  // boundary of its own at the top, and the markup is adopted as it is
  const adopted = hydrate(router)
    .then(() => rememberServerRendered(queryClient.getQueryCache().getAll()))
    // a damaged copy costs the data's fetch and a client render of the page, never the page
    .catch(() => router.load())
    .finally(() => window.$_TSR?.h())
  void Promise.all([adopted, languageReady]).finally(() =>
    // as a transition, React hydrates in slices of a few milliseconds and lets the browser handle
    // input and paint between them, instead of one long task (docs/decisions/018-app-start.md)
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: reportHydrationError })
    }),
  )
} else void languageReady.finally(() => createRoot(container).render(app))
