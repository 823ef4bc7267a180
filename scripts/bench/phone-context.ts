import type { Browser, BrowserContext } from 'playwright-core'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'

/** The phone the bench's visitors hold (CSS pixels). */
export const PHONE_VIEWPORT = { width: 390, height: 844 }

/**
 * A return visitor's 18+ consent in localStorage, as an init script (Playwright's and Puppeteer's run
 * the function's own text in the page, with this one argument): with the cookie, the gate is passed
 * as on that visitor's phone.
 */
export function rememberConsent([key, value]: readonly [string, string]): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    // opaque origin
  }
}

/**
 * A visitor on a phone-sized screen, no service worker, empty cache: a return visitor who has
 * confirmed the 18+ gate (its cookie and its localStorage key), unless `firstVisit`, who gets the
 * server's gate in the page.
 */
export async function phoneContext(
  browser: Browser,
  baseURL: string,
  options: { firstVisit?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: PHONE_VIEWPORT,
    isMobile: true,
    hasTouch: true,
  })
  if (options.firstVisit) return context
  await context.addCookies([{ name: ADULT_COOKIE.name, value: ADULT_COOKIE.value, url: baseURL }])
  await context.addInitScript(rememberConsent, [ADULT_COOKIE.name, ADULT_COOKIE.value] as const)
  return context
}
