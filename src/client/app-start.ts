// When the app (app.tsx: React, the router, the queries) starts. A page that arrives drawn (the
// pre-rendered home, a server-rendered listing or ad, docs/decisions/018-app-start.md) is readable,
// and its links and search form work, without it; starting it costs the main thread several hundred
// milliseconds on a phone. So on such a page, for a visitor the app has nothing to show yet, it starts
// on the first sign of use (a tap, a key, focus) or once the page has been loaded and idle for a few
// seconds, whichever comes first. A click that arrives before it is ready is held and replayed on the
// same control once it is (never lost, as a click on a server-drawn button was before).
// Kept free of imports beyond the constants: this file is in the first script every page runs.
import { STORAGE_KEYS } from '#domain/constants.ts'

/**
 * The `<meta>` in which a route shell names its route's chunks (scripts/vite/route-shells.ts): asked
 * for all at once when the app starts, not before.
 */
export const APP_MODULES_META = 'app-modules'

/** Asks for the route's chunks in parallel, so the app's code arrives in one round trip. */
function preloadRouteModules(): void {
  const meta = document.querySelector(`meta[name="${APP_MODULES_META}"]`)
  for (const href of meta?.getAttribute('content')?.split(' ') ?? []) {
    if (!href) continue
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.crossOrigin = ''
    link.href = href
    document.head.append(link)
  }
}

/** How long a loaded page stays the server's before the app starts anyway. */
export const IDLE_START_MS = 3000

// the controls the app handles: a click on one of them waits for it (links too, so that a card's
// title opens the ad's dialog as it does later, rather than leaving the page)
const APP_CONTROLS =
  'a[href], button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], summary'

/** Where the held click went, as child indexes from #root: the home's markup is replaced, not adopted. */
let heldClick: number[] | null = null

function pathFromRoot(root: Element, target: Element): number[] | null {
  const path: number[] = []
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    const parent: Element | null = node.parentElement
    if (!parent) return null
    path.unshift(Array.prototype.indexOf.call(parent.children, node))
  }
  return path
}

/** Whether React has adopted this element: it keeps the element's fiber under a `__reactFiber$…` key. */
function adopted(node: Element): boolean {
  return Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
}

/**
 * Calls back once the page's own content (inside #main) answers events. The root layout is adopted
 * first; the route's content, behind the router's Suspense boundary, is hydrated in a later pass, and
 * a click before that would be the browser's (a link would leave the page). Gives up waiting after 3 s.
 */
export function whenPageAdopted(then: () => void, until = performance.now() + 3000): void {
  const content = document.getElementById('main')?.firstElementChild
  if (!content || adopted(content) || performance.now() > until) then()
  else requestAnimationFrame(() => whenPageAdopted(then, until))
}

/** The app has taken the page over: the held click, if any, goes to the same control now. */
export function replayHeldClick(): void {
  const path = heldClick
  heldClick = null
  const root = document.getElementById('root')
  if (!path || !root) return
  let node: Element | undefined = root
  for (const index of path) node = node?.children[index]
  if (node instanceof HTMLElement) node.click()
}

/** Whether the app must run at once: there is nothing drawn, or something only it can show. */
function neededAtOnce(root: HTMLElement | null): boolean {
  if (!root?.hasChildNodes()) return true
  try {
    return (
      // the 18+ confirmation, a signed-in header, saved orders to pay: all the app's
      localStorage.getItem(STORAGE_KEYS.adultConfirmed) !== '1' ||
      Boolean(localStorage.getItem(STORAGE_KEYS.authToken)) ||
      localStorage.getItem(STORAGE_KEYS.hasPendingPayments) === '1'
    )
  } catch {
    return true
  }
}

export function startAppWhenWanted(load: () => Promise<unknown>): void {
  const root = document.getElementById('root')
  let started = false
  const signs = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const
  const start = () => {
    if (started) return
    started = true
    for (const type of signs) window.removeEventListener(type, start, true)
    preloadRouteModules()
    void load()
  }
  if (neededAtOnce(root)) {
    // a drawn page still paints first: evaluating the app's modules would hold that paint back
    if (root?.hasChildNodes()) requestAnimationFrame(() => setTimeout(start, 0))
    else start()
    return
  }
  for (const type of signs) window.addEventListener(type, start, { capture: true, passive: true })
  document.addEventListener(
    'click',
    (event) => {
      if (document.documentElement.dataset.app === 'ready' || !root) return
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const control = event.target instanceof Element ? event.target.closest(APP_CONTROLS) : null
      // a submit button is left to its form: the search form works as a plain GET without the app
      if (!control || !root.contains(control) || control.matches('[type="submit"]')) return
      event.preventDefault()
      event.stopPropagation()
      heldClick = pathFromRoot(root, control)
      start()
    },
    true,
  )
  const whenIdle = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 })
      else start()
    }, IDLE_START_MS)
  if (document.readyState === 'complete') whenIdle()
  else window.addEventListener('load', whenIdle, { once: true })
}
