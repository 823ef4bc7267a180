import './lib/zod-jitless.ts'
import './styles.css'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { StrictMode, useSyncExternalStore } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorPage } from '#client/components/layout/error-page.tsx'
import { onLanguageChange, startLanguage, textsRevision } from '#client/i18n/messages.ts'
import { createPersister, persistOptions } from '#client/lib/persister.ts'
import { createQueryClient } from '#client/lib/query-client.ts'
import { Provider } from '#client/lib/state.ts'
import { routeTree } from './route-tree.gen.ts'

const queryClient = createQueryClient()
const persister = createPersister()

const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  // the query cache decides freshness; the router always asks it
  defaultPreloadStaleTime: 0,
  defaultErrorComponent: ErrorPage,
  scrollRestoration: true,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

// A language switch rewrites the texts in place (src/client/i18n/messages.ts); remounting the routed tree
// re-renders every screen in the new language, while the router, the query cache and the stores outside
// React keep their state.
function Routed() {
  const revision = useSyncExternalStore(onLanguageChange, textsRevision)
  return <RouterProvider key={revision} router={router} />
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html lacks #root')

const root = createRoot(container)
const app = (
  <StrictMode>
    <Provider>
      <PersistQueryClientProvider
        client={queryClient}
        persistOptions={{ persister, ...persistOptions }}
        // paused offline mutations (posting, payments) resume once their persisted state is back
        onSuccess={() => void queryClient.resumePausedMutations()}
      >
        <Routed />
      </PersistQueryClientProvider>
    </Provider>
  </StrictMode>
)

// `/` arrives pre-rendered (scripts/vite/prerender-home.ts). React replaces that markup on its first
// commit, so let the router settle first: the swap is then to identical markup, with no empty frame.
// French users wait for the French catalog, never seeing an English flash; English costs nothing here.
const languageReady = startLanguage().catch(() => undefined)
if (container.hasChildNodes())
  void Promise.all([router.load(), languageReady]).finally(() => root.render(app))
else void languageReady.finally(() => root.render(app))
