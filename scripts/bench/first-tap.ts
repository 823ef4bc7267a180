// The first tap (docs/decisions/029-first-visit.md): on a phone with the CPU slowed 4× and Lighthouse's
// mobile network (150 ms round trips, 1.6 Mbit/s down; the tap's few small requests go up unslowed),
// a tap on the first card of a listing 500 ms after it shows, to the ad's content (its title) on
// screen. Before the app is there the card is a link to the ad's server-rendered page, which the
// browser may have rendered ahead of the tap (src/domain/speculation-rules.ts); once it is, the app's
// dialog. Measured for a first visit (the server's 18+ gate is confirmed first, then the tap) and a
// return visit.
//
// Driven through Puppeteer, not Playwright: Chromium renders nothing ahead while a DevTools client
// is attached to the page itself rather than to its tab, which is how Playwright attaches (its
// prerender attempts end "PrerenderingDisabledByDevTools"), so under Playwright this would time a
// browser no visitor has (docs/decisions/035-start-size.md, "Rendered ahead").
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core'
import { AD_TITLE_TIMING } from '#client/lib/element-timing.ts'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'
import { PHONE_VIEWPORT, rememberConsent } from './phone-context.ts'
import { median, ms, note, row } from './report.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'
import { type NetworkShape, startThrottlingProxy } from './throttling-proxy.ts'

const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5)
const GOAL_MS = 300
// Lighthouse's mobile preset (throttling.mobileSlow4G), for the whole browser (throttling-proxy.ts)
const MOBILE_NETWORK: NetworkShape = { latencyMs: 150, downloadBytesPerSecond: (1638.4 * 1024) / 8 }
const FIRST_CARD_LINK = 'main article a[href]'

/**
 * The tap as the browser saw it: the touch's own event time, kept in sessionStorage (which a page
 * rendered ahead is handed when it is shown). Only once the bench is about to tap: the gate's button
 * is a tap too.
 */
const TAP_CLOCK = `addEventListener('pointerdown', (event) => {
  if (sessionStorage.getItem('bench:armed') && !sessionStorage.getItem('bench:tap'))
    sessionStorage.setItem('bench:tap', String(performance.timeOrigin + event.timeStamp))
}, { capture: true })`

/**
 * Read in whatever page is shown after the tap, without anything injected into it beforehand (a page
 * rendered ahead runs no init script): the tap, and when the frame that first showed the ad's title
 * was presented (Element Timing, buffered; for a page rendered ahead, the frame after it was shown).
 * Waiting for the heading with a locator instead polls and, on a new page, evaluates the driver's
 * own script before its first paint: the measure then slowed what it measured (decision 035, "How the
 * first tap is timed").
 */
const READ_TAP = `new Promise((resolve) => {
  const tap = sessionStorage.getItem('bench:tap')
  const title = sessionStorage.getItem('bench:title')
  const found = (entry) => entry.identifier === ${JSON.stringify(AD_TITLE_TIMING)} &&
    (!entry.element || entry.element.textContent.trim() === title)
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find(found)
    if (entry) resolve(JSON.stringify([tap, performance.timeOrigin + entry.renderTime, performance.timeOrigin,
      performance.getEntriesByType('navigation')[0]?.activationStart ?? 0]))
  }).observe({ type: 'element', buffered: true })
  setTimeout(() => resolve(JSON.stringify([tap, null])), 100)
})`

/** A visitor on a phone-sized screen, no service worker, empty cache; past the gate unless `firstVisit`. */
async function phonePage(browser: Browser, baseURL: string, firstVisit: boolean): Promise<Page> {
  const context = await browser.createBrowserContext()
  const page = await context.newPage()
  await page.setViewport({ ...PHONE_VIEWPORT, isMobile: true, hasTouch: true })
  await page.setBypassServiceWorker(true)
  if (!firstVisit) {
    await context.setCookie({
      name: ADULT_COOKIE.name,
      value: ADULT_COOKIE.value,
      domain: new URL(baseURL).hostname,
      path: '/',
    })
    await page.evaluateOnNewDocument(rememberConsent, [ADULT_COOKIE.name, ADULT_COOKIE.value] as const)
  }
  await page.evaluateOnNewDocument(TAP_CLOCK)
  await page.emulateCPUThrottling(4)
  return page
}

/**
 * Evaluates in the visitor's tab as it is now, through a session of its own: the Page object the tap
 * went through can still point at the page a rendered-ahead one replaced. A session opened after the
 * tap no longer matters to what was rendered ahead.
 */
async function evaluateInTab(context: BrowserContext, expression: string): Promise<unknown> {
  for (const target of context.targets()) {
    if (target.type() !== 'page') continue
    const session = await target.createCDPSession().catch(() => null)
    if (!session) continue
    try {
      const answer = await session.send('Runtime.evaluate', {
        expression,
        awaitPromise: true,
        returnByValue: true,
      })
      return answer.result.value
    } catch {
      // a page swapped out while being read: the next target, or the next poll
    } finally {
      await session.detach().catch(() => undefined)
    }
  }
  return undefined
}

/**
 * The tap, when the title showed, and how: in the app's dialog (the page tapped), on a page the
 * browser had rendered ahead (shown after the tap), or on a page loaded on the tap.
 */
async function readTap(context: BrowserContext): Promise<{ ms: number; way: string } | null> {
  const [tap, shown, origin, activation] = (
    JSON.parse(String((await evaluateInTab(context, READ_TAP)) ?? '[]')) as unknown[]
  ).map(Number)
  if (!tap || !shown) return null
  const way = (activation ?? 0) > 0 ? 'rendered ahead' : (origin ?? 0) > tap ? 'page' : 'dialog'
  return { ms: shown - tap, way }
}

async function oneTap(
  baseURL: string,
  path: string,
  firstVisit: boolean,
  proxy: string,
): Promise<{ ms: number; way: string }> {
  const browser = await puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    args: [
      ...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'),
      `--proxy-server=http://${proxy}`,
      // loopback goes through the proxy too: it is where the server is
      '--proxy-bypass-list=<-loopback>',
    ],
  })
  try {
    const page = await phonePage(browser, baseURL, firstVisit)
    await page.goto(`${baseURL}${path}`, { waitUntil: 'domcontentloaded' })
    if (firstVisit) await page.locator('::-p-aria(I am 18 or older[role="button"])').click()
    const link = await page.waitForSelector(FIRST_CARD_LINK, { visible: true })
    if (!link) throw new Error('no card on the listing')
    const title = ((await link.evaluate((a) => a.textContent)) ?? '').trim()
    await page.evaluate((t) => {
      sessionStorage.setItem('bench:title', t)
      sessionStorage.setItem('bench:armed', '1')
    }, title)
    await new Promise((resolve) => setTimeout(resolve, 500))
    // a page rendered ahead replaces the tab's page as the tap lands: the touch's end can lose its answer
    await link.tap().catch(() => undefined)
    for (const until = Date.now() + 15_000; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const read = await readTap(page.browserContext())
      if (read) return read
    }
    throw new Error(`the ad's title was not shown within 15 s of the tap (${page.url()})`)
  } finally {
    await browser.close()
  }
}

export async function benchFirstTap(baseURL: string, path: string): Promise<void> {
  const proxy = await startThrottlingProxy(MOBILE_NETWORK)
  try {
    await tapsOf(baseURL, path, proxy.address)
  } finally {
    await proxy.close()
  }
}

async function tapsOf(baseURL: string, path: string, proxy: string): Promise<void> {
  for (const [visit, firstVisit] of [
    ['first', true],
    ['return', false],
  ] as const) {
    const taps: { ms: number; way: string }[] = []
    for (let i = 0; i < RUNS; i++) {
      try {
        taps.push(await oneTap(baseURL, path, firstVisit, proxy))
      } catch (error) {
        note(`first tap, ${visit} visit, ${path}: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    if (taps.length === 0) continue
    const p50 = median(taps.map((t) => t.ms)) ?? 0
    row(
      `first tap to the ad on screen, 4× slower CPU, mobile network (p50 of ${taps.length}), ${visit} visit: ${path}`,
      `${ms(p50)} (${taps.map((t) => `${ms(t.ms)} ${t.way}`).join(', ')})`,
      `≤ ${GOAL_MS} ms`,
      p50 <= GOAL_MS,
    )
  }
}
