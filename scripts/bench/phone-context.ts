import type { Browser, BrowserContext } from 'playwright-core'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'

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
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  if (options.firstVisit) return context
  await context.addCookies([{ name: ADULT_COOKIE.name, value: ADULT_COOKIE.value, url: baseURL }])
  await context.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value)
      } catch {
        // opaque origin
      }
    },
    [ADULT_COOKIE.name, ADULT_COOKIE.value] as const,
  )
  return context
}
