import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromium } from 'playwright-core'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from './server.ts'

export interface LighthouseFigures {
  path: string
  performance: number | null
  accessibility: number | null
  bestPractices: number | null
  seo: number | null
  lcpMs: number | null
  tbtMs: number | null
  cls: number | null
  /** Audits that cost points outside performance, so a short-falling score says why. */
  misses: string[]
  error?: string
}

const score = (s: number | null | undefined) => (typeof s === 'number' ? Math.round(s * 100) : null)

/** A first visit (the 18+ gate shows) or a return visit (the gate was confirmed before). */
export type Visit = 'first' | 'return'

/**
 * Lighthouse's default (mobile, simulated throttling) run of one page in a fresh Chromium profile.
 * A first visit is just that: the server's 18+ gate is in the page. For a return visit the gate is
 * confirmed first from /robots.txt (same origin, no JS or CSS cached), as the gate does it (its cookie
 * and its localStorage key), and storage reset is off so that confirmation survives.
 */
export async function runLighthouse(baseURL: string, path: string, visit: Visit): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_ARGS })
  try {
    if (visit === 'return') {
      const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)
      const context = cdp.contexts()[0]
      if (!context) throw new Error('no default browser context')
      const primer = await context.newPage()
      await primer.goto(`${baseURL}/robots.txt`)
      await primer.evaluate(({ name, value, maxAgeSeconds }) => {
        window.localStorage.setItem(name, value)
        // biome-ignore lint/suspicious/noDocumentCookie: a bench's priming, as the gate's own script does it
        document.cookie = `${name}=${value}; path=/; max-age=${maxAgeSeconds}; samesite=lax`
      }, ADULT_COOKIE)
      await primer.close()
    }

    const result = await lighthouse(`${baseURL}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: true,
    })
    if (!result) throw new Error('lighthouse returned nothing')
    const { categories, audits, runtimeError } = result.lhr
    const misses = ['accessibility', 'best-practices', 'seo'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}:${ref.id}`),
    )
    // performance: the opportunities Lighthouse itself estimates would save time
    for (const ref of categories.performance?.auditRefs ?? []) {
      const audit = audits[ref.id]
      const savings = (audit?.details as { overallSavingsMs?: number } | undefined)?.overallSavingsMs ?? 0
      if (audit && savings >= 100) misses.push(`performance:${ref.id} (~${Math.round(savings)} ms)`)
    }
    return {
      path,
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories.seo?.score),
      lcpMs: audits['largest-contentful-paint']?.numericValue ?? null,
      tbtMs: audits['total-blocking-time']?.numericValue ?? null,
      cls: audits['cumulative-layout-shift']?.numericValue ?? null,
      misses,
      ...(runtimeError ? { error: `${runtimeError.code}: ${runtimeError.message}` } : {}),
    }
  } finally {
    chrome.kill()
  }
}
