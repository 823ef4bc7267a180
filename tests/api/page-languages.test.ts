// The real server render (src/client/entry-server.tsx, built as scripts/build.mjs builds it) running
// many pages at once in both languages: each render reads its own language per render, not through a
// process-wide switch, so no answer comes out in the other language or waits behind another
// (docs/decisions/030-page-cache-and-render.md). The HTML shells are stand-ins; the render is real.
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { en } from '#client/i18n/en.ts'
import { fr } from '#client/i18n/fr.ts'
import { adPath } from '#domain/ad-path.ts'
import { CATEGORY_KEYS } from '#domain/categories.ts'
import { PROVINCE_CODES } from '#domain/provinces.ts'
import { adBody, liveAd, member } from '#tests/support/ads.ts'
import { cachesSetup, setupTestApp } from '#tests/support/api-app.ts'
import { buildRenderBundle } from '#tests/support/render-bundle.ts'

let root = ''
beforeAll(() => {
  root = buildRenderBundle('maple-page-languages-')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const { cachesOn, cachesConfig } = await cachesSetup()

const ref = setupTestApp(() => ({
  STATIC_DIR: join(root, 'client'),
  PUBLIC_URL: 'https://maple.example',
  ...cachesConfig,
}))

beforeAll(async () => {
  await vi.waitUntil(() => ref.t.app.cachesLive?.() !== false, { timeout: 5_000 })
})

/** The text of #root: what the render wrote, not the shell's. */
function rootOf(body: string): string {
  return /<div id="root">([\s\S]*?)<\/div><script>/.exec(body)?.[1] ?? ''
}

describe.runIf(cachesOn)('server renders in English and French at once', () => {
  it('answers 64 concurrent page requests, half French, each wholly in its own language', async () => {
    const owner = await member(ref.t, { cents: 10_000 })
    const ads = [
      { title: 'Red corset, worn once', province: 'ON', category: 'adult-buy-sell' },
      { title: 'Lace set in black', province: 'QC', category: 'adult-buy-sell' },
    ] as const
    const adPaths: string[] = []
    for (const ad of ads) {
      const id = await liveAd(ref.t, owner, adBody({ title: ad.title, province: ad.province }))
      adPaths.push(adPath({ id, ...ad }))
    }
    // distinct pages, so that each request is its own render and they all run at once
    const listings = PROVINCE_CODES.flatMap((province) =>
      CATEGORY_KEYS.map((category) => `/ca/${province}/${category}`),
    )
    const paths = [...adPaths, ...listings].slice(0, 32)
    const requests = paths.flatMap((path) => (['en', 'fr'] as const).map((language) => ({ path, language })))
    expect(requests).toHaveLength(64)
    const answers = await Promise.all(
      requests.map(({ path, language }) =>
        ref.t.app.inject({
          method: 'GET',
          // each language asked for: Quebec's pages are French by default (decision 066)
          url: `${path}?lang=${language}`,
          // as a crawler, which waits for its render however busy the machine: a browser gets the
          // shell after a few seconds instead (page-cache.test.ts), which is not what this is about
          headers: {
            cookie: 'adult_confirmed=1',
            'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)',
          },
        }),
      ),
    )
    requests.forEach(({ path, language }, i) => {
      const answer = answers[i]
      const html = rootOf(answer?.body ?? '')
      const context = `${language} ${path}`
      expect(answer?.statusCode, context).toBe(200)
      expect(html, context).not.toBe('')
      const own = language === 'fr' ? fr : en
      const other = language === 'fr' ? en : fr
      for (const key of ['skipToContent', 'searchLabel'] as const) {
        expect(html, context).toContain(own.layout[key])
        expect(html, context).not.toContain(other.layout[key])
      }
    })
    expect(answers[0]?.body).toContain('Red corset, worn once')
  })
})
