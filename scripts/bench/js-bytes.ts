import { gzipSync } from 'node:zlib'
import { chromium } from 'playwright-core'
import { phoneContext } from './phone-context.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'

export interface JsBytes {
  path: string
  files: number
  rawBytes: number
  gzipBytes: number
  /** Of those, what the HTML itself names (entry script and modulepreloads): the critical path. */
  criticalGzipBytes: number
  /** The heaviest files (name and gzipped bytes), to say where the bytes go. */
  largest: { file: string; gzipBytes: number }[]
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
      const context = await phoneContext(browser, baseURL)
      const page = await context.newPage()
      const bodies: Promise<{ url: string; body: Buffer } | null>[] = []
      const seen = new Set<string>()
      page.on('response', (res) => {
        const url = res.url()
        const type = res.headers()['content-type'] ?? ''
        const isJs = res.request().resourceType() === 'script' || /javascript/.test(type)
        if (!isJs || seen.has(url)) return
        seen.add(url)
        bodies.push(
          res.body().then(
            (body) => ({ url, body }),
            () => null,
          ),
        )
      })
      const html = await (await fetch(`${baseURL}${path}`)).text()
      const named = new Set(
        [...html.matchAll(/<(?:script[^>]+src|link[^>]+rel="modulepreload"[^>]+href)="([^"]+)"/g)].map(
          (m) => new URL(m[1] ?? '', baseURL).href,
        ),
      )
      await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' })
      // lazy chunks a router preloads right after the first paint belong to the first view too
      await page.waitForTimeout(1_000)
      const files = (await Promise.all(bodies))
        .filter((f) => f !== null)
        .map((f) => ({
          critical: named.has(f.url),
          file: new URL(f.url).pathname,
          rawBytes: f.body.length,
          gzipBytes: gzipSync(f.body, { level: 9 }).length,
        }))
      results.push({
        path,
        files: files.length,
        rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
        gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
        criticalGzipBytes: files.reduce((n, f) => n + (f.critical ? f.gzipBytes : 0), 0),
        largest: [...files]
          .sort((a, b) => b.gzipBytes - a.gzipBytes)
          .slice(0, 5)
          .map(({ file, gzipBytes }) => ({ file, gzipBytes })),
      })
      await context.close()
    }
  } finally {
    await browser.close()
  }
  return results
}
