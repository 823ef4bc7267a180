import type { QueryClient } from '@tanstack/react-query'
import { createRootRouteWithContext, Navigate, Outlet } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { replayHeldClick, whenPageAdopted } from '#client/app-start.ts'
import { ConnectivityBanner, MockDataBanner } from '#client/components/layout/banners.tsx'
import { ErrorPage } from '#client/components/layout/error-page.tsx'
import { Footer } from '#client/components/layout/footer.tsx'
import { Header } from '#client/components/layout/header.tsx'
import { Toaster } from '#client/components/ui/toaster.tsx'
import { useMayHavePendingPayments } from '#client/db/pending-payments-flag.ts'
import { useSessionExpiry } from '#client/features/auth/use-session-expiry.ts'
import { msg } from '#client/i18n/messages.ts'
import { adultConfirmed, serverGateShown } from '#client/lib/adult-consent.ts'
import { useBackendReachable } from '#client/lib/network/backend-reachability.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { useHydrated } from '#client/lib/use-hydrated.ts'
import { registerFirstWorker, workerControlsPage } from '#client/pwa/first-registration.ts'

// The update flow (workbox-window, the prompt) is for pages a service worker already controls; a first
// visit registers it plainly (pwa/first-registration.ts)
const PwaPrompts = lazy(() =>
  import('#client/components/pwa/pwa-prompts.tsx').then((m) => ({ default: m.PwaPrompts })),
)
// The app's own 18+ question is for the service worker's shell (offline, installed): a page from the
// server carries the server's gate, and a visitor who answered it needs neither
const AdultGate = lazy(() =>
  import('#client/components/layout/adult-gate.tsx').then((m) => ({ default: m.AdultGate })),
)
// Saved wallet orders resume on reconnect from any page; the watcher (Dexie, the payment queue) is
// fetched once the browser is idle after the first paint, and only on a device that saved an order.
const PendingPaymentsWatcher = lazy(() =>
  import('#client/features/payments/components/pending-payments-watcher.tsx').then((m) => ({
    default: m.PendingPaymentsWatcher,
  })),
)

function useAfterFirstPaint(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setReady(true), { timeout: 3000 })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(() => setReady(true), 1000)
    return () => clearTimeout(id)
  }, [])
  return ready
}

export interface RouterContext {
  queryClient: QueryClient
}

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: RootError,
  // any unknown path goes home; the splat route does this for normal navigation
  notFoundComponent: () => <Navigate to="/" replace />,
})

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {msg.layout.skipToContent}
      </a>
      <MockDataBanner />
      <Header />
      <main id="main" className="flex flex-1 flex-col">
        {children}
      </main>
      <Footer />
    </div>
  )
}

function RootLayout() {
  useSessionExpiry()
  const online = useOnline()
  const backendReachable = useBackendReachable()
  const idle = useAfterFirstPaint()
  const hydrated = useHydrated()
  // the page now answers clicks (a server-rendered page shows before its scripts run): said on <html>
  // for anything that must wait for it, such as the e2e tests (tests/support/e2e-fixtures.ts)
  useEffect(() => {
    whenPageAdopted(() => {
      document.documentElement.dataset.app = 'ready'
      // a click that came before the app took over goes to its control now (src/client/app-start.ts)
      replayHeldClick()
    })
  }, [])
  const mayHavePendingPayments = useMayHavePendingPayments()
  // read once: a worker that takes charge during this visit brings its update flow on the next page
  const [controlled] = useState(workerControlsPage)
  useEffect(() => {
    if (hydrated && !controlled) registerFirstWorker()
  }, [hydrated, controlled])
  return (
    <>
      <Shell>
        <Outlet />
      </Shell>
      <ConnectivityBanner online={online} backendReachable={backendReachable ?? null} />
      <Toaster closeLabel={msg.toasts.close} />
      {hydrated && !adultConfirmed() && !serverGateShown() && (
        <Suspense fallback={null}>
          <AdultGate />
        </Suspense>
      )}
      {/* the service worker is the browser's: a server render has none to register */}
      {hydrated && controlled && (
        <Suspense fallback={null}>
          <PwaPrompts />
        </Suspense>
      )}
      {idle && mayHavePendingPayments && (
        <Suspense fallback={null}>
          <PendingPaymentsWatcher />
        </Suspense>
      )}
    </>
  )
}

function RootError({ error, reset }: { error: unknown; reset: () => void }) {
  return <ErrorPage error={error} reset={reset} />
}
