// What starting the app costs the main thread, measured apart from Lighthouse. A server-drawn page
// runs without the app until the first tap or a few seconds after loading (src/client/app-start.ts);
// Lighthouse's simulation counts the app's start only when its trace lasts long enough to see it, so
// this reports it every time: on a phone-sized page with the CPU slowed 4× (Lighthouse's mobile
// setting), the long tasks before the first sign of use (the page alone), then from a key press to the
// app taking the page over.
import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { phoneContext } from './phone-context.ts'
import { kb, ms, note, row } from './report.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'

interface Phase {
  /** Σ (task − 50 ms) over the long tasks, as Total Blocking Time counts them */
  blockingMs: number
  longTasks: number
}

function phase(tasks: { start: number; duration: number }[], from: number, to: number): Phase {
  const inside = tasks.filter((t) => t.start >= from && t.start < to)
  return {
    blockingMs: inside.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0),
    longTasks: inside.length,
  }
}

export async function benchAppStart(
  baseURL: string,
  pages: { path: string; label: string; budget: number }[],
): Promise<void> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS })
  try {
    for (const { path, label, budget } of pages) {
      const context = await phoneContext(browser, baseURL)
      await context.addInitScript(() => {
        const tasks: { start: number; duration: number }[] = []
        ;(window as unknown as { __longTasks: typeof tasks }).__longTasks = tasks
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) tasks.push({ start: e.startTime, duration: e.duration })
        }).observe({ type: 'longtask', buffered: true })
      })
      const page = await context.newPage()
      // the scripts fetched once the app starts: what its first tap (or its idle start) downloads
      let touched = false
      const fetchedAtStart: Promise<number>[] = []
      page.on('response', (res) => {
        if (!touched || res.request().resourceType() !== 'script') return
        fetchedAtStart.push(
          res.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        )
      })
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.goto(`${baseURL}${path}`, { waitUntil: 'load' })
      await page.waitForTimeout(500)
      const started = await page.evaluate(() => document.documentElement.dataset.app === 'ready')
      const touch = await page.evaluate(() => performance.now())
      touched = true
      await page.keyboard.press('Shift')
      await page.waitForSelector('html[data-app="ready"]', { state: 'attached', timeout: 30_000 })
      const ready = await page.evaluate(() => performance.now())
      await page.waitForTimeout(1000)
      const startBytes = (await Promise.all(fetchedAtStart)).reduce((sum, n) => sum + n, 0)
      const tasks = await page.evaluate(
        () => (window as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks,
      )
      await context.close()
      const before = phase(tasks, 0, touch)
      const start = phase(tasks, touch, Number.POSITIVE_INFINITY)
      row(
        `main thread, 4× slower CPU, page alone before the app: ${label} ${path}`,
        `${ms(before.blockingMs)} blocking (${before.longTasks} long tasks)`,
        '',
      )
      row(
        `main thread, 4× slower CPU, app start at the first key: ${label} ${path}`,
        `${ms(start.blockingMs)} blocking (${start.longTasks} long tasks), answers after ${ms(ready - touch)}`,
        '',
      )
      // the first view's budget (docs/decisions/008): the page itself runs next to no script, so
      // what counts is what the app downloads and runs when it starts (docs/decisions/029-first-visit.md)
      row(
        `JS gzip fetched when the app starts: ${label} ${path}`,
        `${kb(startBytes)} (${fetchedAtStart.length} files)`,
        `≤ ${kb(budget)}`,
        startBytes <= budget,
      )
      if (started) note(`app start ${path}: the app had started before the key press (it should wait for it)`)
    }
  } finally {
    await browser.close()
  }
}
