// Whether this visitor confirmed the 18+ gate, and remembering that they did: under the localStorage
// key the app has always used (STORAGE_KEYS.adultConfirmed, the cookie's name), and in a cookie the server reads, so that the pages it sends no longer
// carry its gate (docs/decisions/029-first-visit.md). Imports only the domain's constants: the page's
// inline gate script (adult-gate-inline.ts) is built from this file and must stay a few hundred bytes.
import { ADULT_COOKIE } from '#domain/adult-gate.ts'

/** The id of the gate the server writes into a page for a visitor without the cookie. */
export const SERVER_GATE_ID = 'adult-gate'

export function adultConfirmed(): boolean {
  try {
    if (localStorage.getItem(ADULT_COOKIE.name) === ADULT_COOKIE.value) return true
  } catch {
    // storage disabled: the cookie alone says it
  }
  return document.cookie.split(/;\s*/).includes(`${ADULT_COOKIE.name}=${ADULT_COOKIE.value}`)
}

export function rememberAdultConfirmed(): void {
  // over https only, as the server writes it there; a local http run keeps it too
  const secure = location.protocol === 'https:' ? '; secure' : ''
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${ADULT_COOKIE.name}=${ADULT_COOKIE.value}; path=/; max-age=${ADULT_COOKIE.maxAgeSeconds}; samesite=lax${secure}`
  try {
    localStorage.setItem(ADULT_COOKIE.name, ADULT_COOKIE.value)
  } catch {
    // storage disabled: the cookie is enough for the server, and the app reads it too
  }
}

/** Whether the server's gate is in this page: while it is, the app shows none of its own. */
export function serverGateShown(): boolean {
  return document.getElementById(SERVER_GATE_ID) !== null
}
