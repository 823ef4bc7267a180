import type { Browser, BrowserContext } from 'playwright-core'
import { STORAGE_KEYS } from '#domain/constants.ts'

/**
 * A first-time visitor on a phone-sized screen who has already confirmed the 18+ gate: no service
 * worker, empty cache. What the JavaScript and app-start figures are measured in.
 */
export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  const context = await browser.newContext({
    serviceWorkers: 'block',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  })
  await context.addInitScript(
    ([key]) => {
      try {
        window.localStorage.setItem(key, '1')
      } catch {
        // opaque origin
      }
    },
    [STORAGE_KEYS.adultConfirmed] as const,
  )
  return context
}
