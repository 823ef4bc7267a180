// When the app (app.tsx: React, the router, the queries) starts. A page that arrives drawn (the
// pre-rendered home, a server-rendered listing or ad, docs/decisions/018-app-start.md) is readable,
// and its links and search form work, without it; starting it costs the main thread several hundred
// milliseconds on a phone. So on such a page, for a visitor the app has nothing to show yet, it starts
// on the first sign of use (a tap, a key, focus) or once the page has been loaded and idle for a few
// seconds, whichever comes first. A click that arrives before it is ready is held and replayed on the
// same control once it is (never lost, as a click on a server-drawn button was before). A link is
// not held: it is a real page of the server's, so a tap on it goes there at once
// (docs/decisions/029-first-visit.md). The server's 18+ gate is not the app's: answering it starts nothing.
// Kept free of imports beyond the constants: this file is in the first script every page runs.
import { adultConfirmed, SERVER_GATE_ID, serverGateShown } from '#client/lib/adult-consent.ts'
import { AD_ACTION_ATTRIBUTE } from '#domain/ad-actions.ts'
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

/**
 * The attribute of the wrapper the pre-rendered home sits in (scripts/vite/prerender-home.ts): the
 * app's first render replaces the wrapper with the same markup, one level up.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered'

/** Where the page's own markup starts: inside the home's wrapper while it is there, else #root. */
function contentRoot(): HTMLElement | null {
  const root = document.getElementById('root')
  const wrapper = root?.firstElementChild
  return wrapper instanceof HTMLElement && wrapper.hasAttribute(PRERENDERED_ATTRIBUTE) ? wrapper : root
}

/** The page's markup while it is still the server's, or null once the app has taken it over. */
function serverPage(): HTMLElement | null {
  return document.documentElement.dataset.app === 'ready' ? null : contentRoot()
}

/** Where the held click (or submit) went, as child indexes from the page's markup. */
let heldClick: number[] | null = null
let heldSubmit: number[] | null = null

// React writes a pre-rendered page's resource hints (<link rel="preload">) inside its markup but puts
// them in <head> when it draws the page itself: they do not count in a path
const HOISTED = new Set(['LINK', 'META', 'STYLE', 'SCRIPT', 'TITLE'])

function contentChildren(parent: Element): Element[] {
  return Array.from(parent.children).filter((child) => !HOISTED.has(child.tagName))
}

function pathFromRoot(root: Element, target: Element): number[] | null {
  const path: number[] = []
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    const parent: Element | null = node.parentElement
    if (!parent) return null
    path.unshift(contentChildren(parent).indexOf(node))
  }
  return path
}

// What was typed before the app took over, by field (child-index path from #root), and the field that
// had the focus: the home's markup is replaced by the app's, and a hydrated field's state would not know
// the text already in it. Given back to the same fields as the app's markup replaces the home's (the
// home), or once the app is there (a server-rendered page, which the app adopts).
const typed = new Map<string, string>()
let focused: number[] | null = null
// set once the app's first render has replaced the pre-rendered home: from then on the fields are the app's
let swapped = false

function isTextField(node: unknown): node is HTMLInputElement | HTMLTextAreaElement {
  return (
    node instanceof HTMLTextAreaElement ||
    (node instanceof HTMLInputElement &&
      ['text', 'search', 'email', 'tel', 'url', 'number', 'password'].includes(node.type))
  )
}

/**
 * Puts text into a field behind the app's back and says so with an input event, so that React, which
 * watches the field's own value setter, calls onChange with it and the app's state holds it too.
 */
function setFieldText(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement
  const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set
  field.value = ''
  setNative?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

function noteTyping(): void {
  // React adopting a field it holds empty may empty it between two keys (seen on a slow phone: the
  // first word lost, the next ones kept): a key that finds its field no longer holding what was typed
  // puts the typing back first, and lands after it
  document.addEventListener(
    'beforeinput',
    (event) => {
      const root = serverPage()
      if (!root || swapped || !isTextField(event.target)) return
      const path = pathFromRoot(root, event.target)
      const before = path ? typed.get(path.join('/')) : undefined
      if (before === undefined || event.target.value === before) return
      setFieldText(event.target, before)
      const end = before.length
      if (event.target.type !== 'number' && event.target.type !== 'email')
        event.target.setSelectionRange(end, end)
    },
    true,
  )
  document.addEventListener(
    'input',
    (event) => {
      const root = serverPage()
      if (!root || swapped || !isTextField(event.target)) return
      const path = pathFromRoot(root, event.target)
      if (path) typed.set(path.join('/'), event.target.value)
    },
    true,
  )
  document.addEventListener(
    'focusin',
    (event) => {
      const root = serverPage()
      if (!root || swapped || !(event.target instanceof Element)) return
      focused = root.contains(event.target) ? pathFromRoot(root, event.target) : null
    },
    true,
  )
}

function atPath(path: readonly number[]): Element | undefined {
  let node: Element | undefined = contentRoot() ?? undefined
  for (const index of path) node = node ? contentChildren(node)[index] : undefined
  return node
}

/**
 * Puts text typed before the app took over back into its fields, as if typed now, and the focus. What
 * has no field yet (the app has not drawn it) is kept for the next call.
 */
function giveBackTyping(): void {
  for (const [key, value] of typed) {
    const field = atPath(key.split('/').map(Number))
    if (!isTextField(field)) continue
    setFieldText(field, value)
    typed.delete(key)
  }
  const target = focused ? atPath(focused) : undefined
  if (!(target instanceof HTMLElement)) return
  focused = null
  if (document.activeElement !== target) {
    target.focus()
    if (isTextField(target) && target.type !== 'number' && target.type !== 'email') {
      target.setSelectionRange(target.value.length, target.value.length)
    }
  }
}

/**
 * The app's first render replaces the pre-rendered home's markup (src/client/app.tsx), and the field
 * being typed in leaves the page with the focus: a key pressed before the app is ready (a frame or
 * more later) would go nowhere. So the text and the focus go to the app's fields as the swap happens:
 * a MutationObserver's callback runs in the same task as React's commit, before any further key.
 */
function handOverAtSwap(root: HTMLElement | null): void {
  const wrapper = root?.firstElementChild
  if (!root || !(wrapper instanceof HTMLElement) || !wrapper.hasAttribute(PRERENDERED_ATTRIBUTE)) return
  const observer = new MutationObserver(() => {
    if (wrapper.isConnected) return
    observer.disconnect()
    swapped = true
    giveBackTyping()
  })
  observer.observe(root, { childList: true })
}

/**
 * Whether the app has adopted this element. React keeps the element's fiber under a `__reactFiber$…`
 * key, and hydrates a Suspense boundary's content in a later pass than the layout around it. Preact
 * (the built app's runtime, docs/decisions/035-start-size.md) hydrates the whole tree in one pass, so
 * once its root layout runs its effects, the content is adopted: a root without React's container key
 * is such a root.
 */
function adopted(node: Element): boolean {
  const root = document.getElementById('root')
  const onReact = root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'))
  return !onReact || Object.keys(node).some((key) => key.startsWith('__reactFiber$'))
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
  handOverAtSwap(root)
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
