import { useSyncExternalStore } from 'react'

const never = () => () => undefined

/**
 * False while React adopts server-rendered markup (and on the server), true from the next render on.
 * What only the browser knows (the 18+ confirmation, the service worker) waits for it, so the first
 * render matches the server's HTML exactly (src/client/app.tsx, docs/decisions/017-pages.md).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  )
}
