// The first tap (docs/decisions/029-first-visit.md): on a phone with the CPU slowed 4× and Lighthouse's
// mobile network (150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up), a tap on the first card of a
// listing 500 ms after it shows, to the ad's content (its title as a heading) on screen. Before the app
// is there the card is a link to the ad's server-rendered page; once it is, the app's dialog. Measured
// for a first visit (the server's 18+ gate is confirmed first, then the tap) and a return visit.
import { chromium, type Page } from 'playwright-core'
import { phoneContext } from './phone-context.ts'
import { ms, note, row } from './report.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'

const RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5)
const GOAL_MS = 300
// Lighthouse's mobile preset (throttling.mobileSlow4G)
const MOBILE_NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1638.4 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
}

const firstCardLink = (page: Page) => page.locator('main article a[href]').first()

/**
 * Times the tap in the page, as the browser saw it, not from this process: the tap is the touch's own
 * event time, and "on screen" is when the frame that first painted the ad's title was presented
 * (Element Timing, the attribute set by a MutationObserver before that paint; the title the test reads
 * is handed over in sessionStorage, which outlives the navigation). Waiting for the heading with a
 * Playwright locator instead polls at 0, 20, 50, 100, 100, 500 ms and, on the new page, evaluates
 * Playwright's injected script (70 ms on this machine at 4× CPU) before the page's first paint: the
 * measure then slowed what it measured (docs/decisions/035-start-size.md, "How the first tap is timed").
 */
const TAP_CLOCK = `(() => {
  const tapKey = 'bench:tap', titleKey = 'bench:title', shownKey = 'bench:shown'
  // on the page tapped, the card's own title is no answer: only the app's dialog is
  let tappedHere = false
  addEventListener('pointerdown', (event) => {
    if (!sessionStorage.getItem(titleKey) || sessionStorage.getItem(tapKey)) return
    tappedHere = true
    sessionStorage.setItem(tapKey, String(performance.timeOrigin + event.timeStamp))
  }, { capture: true })
  const mark = () => {
    const title = sessionStorage.getItem(titleKey)
    if (!title || !sessionStorage.getItem(tapKey)) return
    const headings = tappedHere ? '[role="dialog"] :is(h1, h2, [role="heading"])' : 'h1, h2, [role="heading"]'
    for (const heading of document.querySelectorAll(headings))
      if (heading.textContent.trim() === title) heading.setAttribute('elementtiming', 'bench-title')
  }
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, characterData: true })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.identifier === 'bench-title' && !sessionStorage.getItem(shownKey))
        sessionStorage.setItem(shownKey, String(performance.timeOrigin + entry.renderTime))
  }).observe({ type: 'element', buffered: true })
})()`

async function oneTap(baseURL: string, path: string, firstVisit: boolean): Promise<number> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS })
  try {
    const context = await phoneContext(browser, baseURL, { firstVisit })
    await context.addInitScript(TAP_CLOCK)
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
    await cdp.send('Network.enable')
    await cdp.send('Network.emulateNetworkConditions', MOBILE_NETWORK)
    await page.goto(`${baseURL}${path}`, { waitUntil: 'commit' })
    if (firstVisit) await page.getByRole('button', { name: 'I am 18 or older' }).tap()
    const link = firstCardLink(page)
    await link.waitFor({ state: 'visible' })
    const title = (await link.textContent())?.trim() ?? ''
    await page.evaluate((t) => sessionStorage.setItem('bench:title', t), title)
    await page.waitForTimeout(500)
    await link.tap()
    // plain protocol reads, a few a second: nothing injected into the page while it paints
    const read = `JSON.stringify([sessionStorage.getItem('bench:tap'), sessionStorage.getItem('bench:shown')])`
    for (const until = Date.now() + 15_000; Date.now() < until; ) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      const answer = await cdp
        .send('Runtime.evaluate', { expression: read, returnByValue: true })
        .catch(() => null)
      const [tap, shown] = JSON.parse(String(answer?.result.value ?? '[null,null]')) as (string | null)[]
      if (tap && shown) {
        // the heading is really there (not only painted once): the same check as a visitor's eyes
        await page.getByRole('heading', { name: title, exact: true }).first().waitFor({ state: 'visible' })
        return Number(shown) - Number(tap)
      }
    }
    throw new Error(`the ad's title was not painted within 15 s of the tap (${page.url()})`)
  } finally {
    await browser.close()
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}

export async function benchFirstTap(baseURL: string, path: string): Promise<void> {
  for (const [visit, firstVisit] of [
    ['first', true],
    ['return', false],
  ] as const) {
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      try {
        times.push(await oneTap(baseURL, path, firstVisit))
      } catch (error) {
        note(`first tap, ${visit} visit, ${path}: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    if (times.length === 0) continue
    const p50 = median(times)
    row(
      `first tap to the ad on screen, 4× slower CPU, mobile network (p50 of ${times.length}), ${visit} visit: ${path}`,
      `${ms(p50)} (${times.map((t) => ms(t)).join(', ')})`,
      `≤ ${GOAL_MS} ms`,
      p50 <= GOAL_MS,
    )
  }
}
