// When the app (app.tsx: React, the router, the queries) starts. A page that arrives drawn (the
// pre-rendered home, a server-rendered listing or ad, docs/decisions/018-app-start.md) is readable,
// and its links and search form work, without it; starting it costs the main thread several hundred
// milliseconds on a phone. So on such a page, for a visitor the app has nothing to show yet, it starts
// on the first sign of use (a tap, a key, focus) or once the page has been loaded and idle for a few
// seconds, whichever comes first. A click that arrives before it is ready is held and replayed on the
// same control once it is (never lost, as a click on a server-drawn button was before). A link is
// not held: it is a real page of the server's, so a tap on it goes there at once
// (docs/decisions/029-first-visit.md). The server's 18+ gate is not the app's: answering it starts nothing.
// Kept free of imports beyond the constants and its own two parts (app-start-page.ts, where things are
// in the server's page; app-start-typing.ts, typed text handed over): it is in the first script every page runs.
import { adultConfirmed, SERVER_GATE_ID, serverGateShown } from '#client/lib/adult-consent.ts'
import { AD_ACTION_ATTRIBUTE } from '#domain/ad-actions.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { atPath, pathFromRoot, serverPage } from './app-start-page.ts'
import { giveBackTyping, noteTyping } from './app-start-typing.ts'

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

/**
 * Marks a link that the app answers in place (an ad's Share: its share sheet) while the link itself
 * is for pages without the app: before the app is there a click on it is held like a button's, not
 * followed (it would only reload the page it is on).
 */
export const APP_HELD_ATTRIBUTE = 'data-app-held'

// the controls only the app handles: a click on one of them waits for it. Not links: before the app
// is there a card's title (its link covers the card) goes to the ad's server-rendered page at once,
// where waiting for the app to open the dialog took seconds on a phone
const APP_CONTROLS = `button, [role="button"], [role="tab"], [role="checkbox"], [role="switch"], summary, [${APP_HELD_ATTRIBUTE}]`

// what a sign of use on them says nothing about wanting the app: the server's 18+ gate (its own
// script answers it), and links, which leave the page (starting the app would only compete with the
// next page for the network)
const NOT_SIGNS = `#${SERVER_GATE_ID}, a[href]:not([${APP_HELD_ATTRIBUTE}])`

/** Where the held click (or submit) went, as child indexes from the page's markup. */
let heldClick: number[] | null = null
let heldSubmit: number[] | null = null

/**
 * Whether the app has adopted this element: React keeps the element's fiber under a `__reactFiber$…`
 * key, and hydrates a Suspense boundary's content in a later pass than the layout around it.
 */
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

/**
 * The app has taken the page over: what was typed goes back into its fields, and the held click, if
 * any, to the same control.
 */
export function replayHeldClick(): void {
  giveBackTyping()
  const form = heldSubmit ? atPath(heldSubmit) : undefined
  const path = heldClick
  heldClick = null
  heldSubmit = null
  const node = path ? atPath(path) : undefined
  if (node instanceof HTMLElement) node.click()
  else if (form instanceof HTMLFormElement) form.requestSubmit()
}

/** Whether the app must run at once: there is nothing drawn, or something only it can show. */
function neededAtOnce(root: HTMLElement | null): boolean {
  if (!root?.hasChildNodes()) return true
  try {
    return (
      // the app's own 18+ confirmation (a page without the server's), a signed-in header, saved
      // orders to pay: all the app's
      (!adultConfirmed() && !serverGateShown()) ||
      Boolean(localStorage.getItem(STORAGE_KEYS.authToken)) ||
      localStorage.getItem(STORAGE_KEYS.hasPendingPayments) === '1'
    )
  } catch {
    return true
  }
}

export function startAppWhenWanted(load: () => Promise<unknown>): void {
  // a page the browser renders ahead of a tap (src/domain/speculation-rules.ts) may never be shown:
  // nothing of the app until it is, as starting it would spend the phone's CPU on the page it is on
  if ((document as Document & { prerendering?: boolean }).prerendering) {
    document.addEventListener('prerenderingchange', () => startAppWhenWanted(load), { once: true })
    return
  }
  const root = document.getElementById('root')
  let started = false
  const signs = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const
  const start = () => {
    if (started) return
    started = true
    for (const type of signs) window.removeEventListener(type, onSign, true)
    preloadRouteModules()
    void load()
  }
  const onSign = (event: Event) => {
    if (event.target instanceof Element && event.target.closest(NOT_SIGNS)) return
    start()
  }
  if (neededAtOnce(root)) {
    // a drawn page still paints first: evaluating the app's modules would hold that paint back
    if (root?.hasChildNodes()) requestAnimationFrame(() => setTimeout(start, 0))
    else start()
    return
  }
  for (const type of signs) window.addEventListener(type, onSign, { capture: true, passive: true })
  noteTyping()
  document.addEventListener(
    'click',
    (event) => {
      const content = serverPage()
      if (!content) return
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const control = event.target instanceof Element ? event.target.closest(APP_CONTROLS) : null
      // a submit button is left to its form (below)
      if (!control || !content.contains(control) || control.matches('[type="submit"]')) return
      event.preventDefault()
      event.stopPropagation()
      heldClick = pathFromRoot(content, control)
      start()
    },
    true,
  )
  document.addEventListener(
    'submit',
    (event) => {
      const content = serverPage()
      const form = event.target
      if (!content || !(form instanceof HTMLFormElement)) return
      // a form with an action works as a plain GET without the app (the header's search); one
      // without is the app's alone (the home's search), and is sent again once the app is there. An
      // ad page's Reveal and Report post to the server only for a page without the app: with it they
      // are the app's (the answer's markup would not be the app's to adopt), so they wait too
      if ((form.getAttribute('action') && !form.hasAttribute(AD_ACTION_ATTRIBUTE)) || !content.contains(form))
        return
      event.preventDefault()
      heldSubmit = pathFromRoot(content, form)
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
