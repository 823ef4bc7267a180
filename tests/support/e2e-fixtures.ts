import {
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Page,
} from '@playwright/test'
import { HYDRATION_REPORT } from '#client/lib/hydration-report.ts'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'
import { type OutboxMessage, OutboxResponseSchema } from '#domain/api/auth.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

// What the 18+ gate stores once the visitor confirms (see the gate component in src/client).
export const ADULT_CONFIRMED_VALUE = ADULT_COOKIE.value

// the server scripts/e2e.mjs started (playwright.config.ts reads the same variable)
const E2E_BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:8080'

/** The 18+ gate's consent cookie for the app's origin: the server then sends pages without its gate. */
export function adultCookie(baseURL: string | undefined) {
  return { name: ADULT_COOKIE.name, value: ADULT_COOKIE.value, url: baseURL ?? E2E_BASE_URL }
}

export interface E2EOptions {
  /** When true (the default) every page starts with the 18+ gate already confirmed. */
  adultConfirmed: boolean
}

export interface E2EFixtures {
  /** Mails the server "sent" (GET /api/dev/outbox with the admin token, outside production only). */
  outbox: Outbox
}

export interface Outbox {
  /** Mails to `to`, newest first. */
  list(to: string): Promise<OutboxMessage[]>
  /** Polls until a mail to `to` matches, returning the newest match. */
  waitFor(to: string, match?: (m: OutboxMessage) => boolean, timeoutMs?: number): Promise<OutboxMessage>
  /** The mail's action link (verification, reset…), made relative to the app for page.goto. */
  path(message: OutboxMessage): string
}

// one admin session per Playwright worker: the admin login is rate limited per address
let adminToken: Promise<string> | undefined

async function adminLogin(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/admin/login', { data: E2E_ADMIN })
  expect(res.ok(), `POST /api/admin/login answered ${res.status()}`).toBe(true)
  return ((await res.json()) as { token: string }).token
}

/** A call to the API as the admin: one session per worker, signed in again once if it ended. */
export async function asAdmin(
  request: APIRequestContext,
  call: (authorization: string) => Promise<APIResponse>,
): Promise<APIResponse> {
  adminToken ??= adminLogin(request).catch((error: unknown) => {
    adminToken = undefined
    throw error
  })
  let res = await call(`Bearer ${await adminToken}`)
  if (res.status() === 401) {
    // an admin journey signed this session out (or it idled out): sign in again once
    adminToken = adminLogin(request)
    res = await call(`Bearer ${await adminToken}`)
  }
  return res
}

export function makeOutbox(request: APIRequestContext): Outbox {
  async function list(to: string): Promise<OutboxMessage[]> {
    const res = await asAdmin(request, (authorization) =>
      request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { authorization } }),
    )
    expect(res.ok(), `GET /api/dev/outbox answered ${res.status()}`).toBe(true)
    return OutboxResponseSchema.parse(await res.json()).messages
  }
  return {
    list,
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = (await list(to)).find(match)
        if (found) return found
        if (Date.now() > deadline) throw new Error(`no matching mail to ${to} within ${timeoutMs} ms`)
        await new Promise((r) => setTimeout(r, 200))
      }
    },
    path(message) {
      const link = message.link ?? message.text.match(/https?:\/\/\S+/)?.[0]
      if (!link) throw new Error(`no link in mail "${message.subject}"`)
      const url = new URL(link)
      return `${url.pathname}${url.search}`
    },
  }
}

/**
 * page.goto that returns once the app has taken the page over: a server-rendered page shows (and
 * offers its links) before its scripts run, and for a signed-out visitor the app starts at the first
 * sign of use or a few seconds later (src/client/app-start.ts). The journeys act at once, so they
 * give that sign, a press of Shift, as a visitor's first touch would. Pages that are not the app (an
 * API answer, the sandbox's hosted page, the server's error page: no #root) and pages without
 * JavaScript return at once. app-start.spec.ts
 * covers the start without any sign, and a click made before the app is there.
 */
export function waitForAppOnGoto(page: Page): void {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    const html = response?.headers()['content-type']?.includes('text/html') ?? false
    // the server's 18+ gate is answered without the app (its own inline script): a journey facing it
    // goes on at once, and the app starts once the gate is answered and the page used
    const gated =
      html &&
      (await page
        .locator('#adult-gate')
        .count()
        .catch(() => 0)) > 0
    const app =
      html &&
      (await page
        .locator('#root')
        .count()
        .catch(() => 0)) > 0
    if (app && !gated && !new URL(page.url()).pathname.startsWith('/api/')) {
      const ready = await page
        .evaluate(() => document.documentElement.dataset.app === 'ready')
        .catch(() => true)
      if (!ready) await page.keyboard.press('Shift').catch(() => undefined)
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached' })
    }
    return response
  }
}

/**
 * Collects what the app reports of a page whose markup its first render did not match (lib/hydration-
 * report.ts): every journey fails on one, whatever it was testing.
 */
export function watchHydration(page: Page): string[] {
  const reports: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(HYDRATION_REPORT)) {
      reports.push(`${page.url()}: ${message.text()}`)
    }
  })
  return reports
}

/**
 * Collects what the browser says of our own response headers (an unknown Permissions-Policy feature,
 * a CSP it cannot parse): each is printed on every page, so every journey fails on one.
 */
export function watchHeaderWarnings(page: Page): string[] {
  const warnings: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    if (
      /^Error with [\w-]+ header/.test(text) ||
      /policy (header|directive).*(unrecognized|invalid|ignored)/i.test(text)
    ) {
      warnings.push(`${page.url()}: ${text}`)
    }
  })
  return warnings
}

export const test = base.extend<E2EFixtures & E2EOptions>({
  adultConfirmed: [true, { option: true }],
  page: async ({ page, adultConfirmed, baseURL }, use) => {
    if (adultConfirmed) {
      // the server leaves its gate out for a visitor with the cookie (src/server/services/pages/adult-gate.ts)
      await page.context().addCookies([adultCookie(baseURL)])
      // runs before any page script, on every navigation, so the gate never shows
      await page.addInitScript(
        ([key, value]) => {
          try {
            window.localStorage.setItem(key, value)
          } catch {
            // about:blank and opaque origins have no storage
          }
        },
        [STORAGE_KEYS.adultConfirmed, ADULT_CONFIRMED_VALUE] as const,
      )
    }
    waitForAppOnGoto(page)
    const hydration = watchHydration(page)
    const headerWarnings = watchHeaderWarnings(page)
    await use(page)
    expect(hydration, "the server's markup and the app's first render differ").toEqual([])
    expect(headerWarnings, 'the browser warns of our own headers').toEqual([])
  },
  outbox: async ({ request }, use) => {
    await use(makeOutbox(request))
  },
})

export { expect }

/** The admin credentials scripts/e2e.mjs gave the server. */
export const E2E_ADMIN = {
  username: process.env.E2E_ADMIN_USERNAME ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? '',
}

/** Fails when the page scrolls sideways: the layout must fit the viewport. */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }))
  // the screen's width, not the window's: an emulated phone (isMobile) widens its layout viewport to
  // fit a page that overflows, as a phone zooms out, and innerWidth then grows with the page
  const width = page.viewportSize()?.width ?? innerWidth
  expect(scrollWidth, `page is ${scrollWidth}px wide on a ${width}px screen`).toBeLessThanOrEqual(width)
}

/** True on the phone-sized project. */
export function isMobileProject(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1440) < 768
}

/** Another person: a browser context of its own (no session, no storage), past the 18+ gate. */
export async function newVisitor(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext()
  await context.addCookies([adultCookie(undefined)])
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.adultConfirmed,
    ADULT_CONFIRMED_VALUE,
  ] as const)
  const page = await context.newPage()
  waitForAppOnGoto(page)
  return { context, page }
}
