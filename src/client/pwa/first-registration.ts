// The service worker of a page no worker controls yet: a first visit. What the update flow needs
// (workbox-window, the prompt: src/client/components/pwa/pwa-prompts.tsx) is for a page a worker
// already controls, the only kind where a new version can be waiting for the visitor's go-ahead; a
// first visit registers with the browser's own call and leaves those to the pages after it, which
// the worker serves from its cache (docs/decisions/040-react.md).

/** Where vite-plugin-pwa writes the worker (pwa-config.ts): its default name at the site's root. */
export const SERVICE_WORKER_URL = '/sw.js'

/** Whether this page has a service worker in charge of it. */
export function workerControlsPage(): boolean {
  return typeof navigator !== 'undefined' && Boolean(navigator.serviceWorker?.controller)
}

/** Registers the worker for a page no worker controls; a refusal (private mode, no https) costs nothing. */
export function registerFirstWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !navigator.serviceWorker) return
  void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' }).catch(() => undefined)
}
