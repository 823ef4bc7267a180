// Backend reachability: true after a successful GET /api/, false on failure,
// unknown before the first answer. Checked once when the layout loads and again whenever the device
// comes back online or the page becomes visible after a failure, so the banner clears by itself.
import { useEffect } from 'react'
import { http } from '#client/lib/http.ts'
import { atom, createStore, useAtomValue } from '#client/lib/state.ts'

export const networkStore = createStore()

/** undefined until the first check answers */
export const backendReachableAtom = atom<boolean | undefined>(undefined)

let inflight: Promise<boolean> | undefined

/** Asks the API root; concurrent callers share one request. */
export function checkBackend(): Promise<boolean> {
  inflight ??= http
    .get('/', { auth: 'none' })
    .then(
      () => true,
      () => false,
    )
    .then((reachable) => {
      networkStore.set(backendReachableAtom, reachable)
      inflight = undefined
      return reachable
    })
  return inflight
}

export function getBackendReachable(): boolean | undefined {
  return networkStore.get(backendReachableAtom)
}

let watching = false

function watch(): void {
  if (watching || typeof window === 'undefined') return
  watching = true
  void checkBackend()
  window.addEventListener('online', () => void checkBackend())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && getBackendReachable() === false) void checkBackend()
  })
}

/**
 * For tests: forget the last answer and the listeners' guard.
 * @internal
 */
export function resetBackendReachability(): void {
  networkStore.set(backendReachableAtom, undefined)
  inflight = undefined
  watching = false
}

/**
 * Whether the API answered: undefined before the first check, then true or false. The first caller
 * starts the check (the layout), later callers share its answer.
 */
export function useBackendReachable(): boolean | undefined {
  useEffect(watch, [])
  return useAtomValue(backendReachableAtom, { store: networkStore })
}
