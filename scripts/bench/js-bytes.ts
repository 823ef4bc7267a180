import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'

export interface JsBytes {
  path: string
  files: number
  rawBytes: number
  gzipBytes: number
}

/**
 * The JavaScript a first-time visitor's browser loads for one page (18+ gate already confirmed, no
 * service worker, empty cache), gzipped here with node:zlib because the server may not compress.
 */
export async function measureJsBytes(baseURL: string, paths: string[]): Promise<JsBytes[]> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS })
  const results: JsBytes[] = []
  try {
    for (const path of paths) {
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
      const page = await context.newPage()
      const bodies: Promise<Buffer | null>[] = []
      const seen = new Set<string>()
      page.on('response', (res) => {
        const url = res.url()
        const type = res.headers()['content-type'] ?? ''
        const isJs = res.request().resourceType() === 'script' || /javascript/.test(type)
        if (!isJs || seen.has(url)) return
        seen.add(url)
        bodies.push(res.body().catch(() => null))
      })
      await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' })
      // lazy chunks a router preloads right after the first paint belong to the first view too
      await page.waitForTimeout(1_000)
      const buffers = (await Promise.all(bodies)).filter((b): b is Buffer => b !== null)
      results.push({
        path,
        files: buffers.length,
        rawBytes: buffers.reduce((n, b) => n + b.length, 0),
        gzipBytes: buffers.reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0),
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}
