// French by default for Quebec visitors who have not chosen (issue 44 item 5,
// docs/decisions/066-french-everywhere.md): a page of Quebec's ads, or a proxy's region header naming
// Quebec, is drawn in French whatever the browser's language; the switch's cookie still wins.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { fr } from '#client/i18n/fr.ts'
import { adPath } from '#domain/ad-path.ts'
import { adBody, liveAd, member } from '#tests/support/ads.ts'
import { cachesSetup, setupTestApp } from '#tests/support/api-app.ts'
import { buildRenderBundle } from '#tests/support/render-bundle.ts'

let root = ''
beforeAll(() => {
  root = buildRenderBundle('maple-quebec-french-')
  // the home as the build writes it in each language (scripts/vite/prerender-home.ts)
  for (const [file, lang] of [
    ['home.html', 'en-CA'],
    ['home.fr.html', 'fr-CA'],
  ] as const)
    writeFileSync(
      join(root, 'client', file),
      `<!doctype html><html lang="${lang}"><head><title>Maple</title></head><body><div id="root"></div></body></html>`,
    )
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const { cachesOn, cachesConfig } = await cachesSetup()

const ref = setupTestApp(() => ({
  STATIC_DIR: join(root, 'client'),
  PUBLIC_URL: 'https://maple.example',
  REGION_HEADER: 'cf-region-code',
  ...cachesConfig,
}))

beforeAll(async () => {
  await vi.waitUntil(() => ref.t.app.cachesLive?.() !== false, { timeout: 5_000 })
})

const ENGLISH_BROWSER = { 'accept-language': 'en-CA,en;q=0.9', cookie: 'adult_confirmed=1' }

function page(url: string, headers: Record<string, string> = {}) {
  return ref.t.app.inject({ method: 'GET', url, headers: { ...ENGLISH_BROWSER, ...headers } })
}

const langOf = (body: string) => /<html lang="([^"]+)"/.exec(body)?.[1]

describe.runIf(cachesOn)('French by default for Quebec visitors', () => {
  it("draws Quebec's listings and ads in French for an English browser that chose nothing", async () => {
    const owner = await member(ref.t, { cents: 10_000 })
    const ad = { title: 'Lace set in black', province: 'QC', category: 'adult-buy-sell' } as const
    const id = await liveAd(ref.t, owner, adBody(ad))
    for (const url of [
      '/ca/QC/adult-buy-sell',
      '/ca/QC/adult-buy-sell?sort=price-asc',
      adPath({ id, ...ad }),
    ]) {
      const res = await page(url)
      expect(res.statusCode, url).toBe(200)
      expect(langOf(res.body), url).toBe('fr-CA')
    }
    expect((await page('/ca/QC/adult-buy-sell')).body).toContain(fr.layout.skipToContent)
    // the rest of the country follows the browser
    expect(langOf((await page('/ca/ON/adult-buy-sell')).body)).toBe('en-CA')
  })

  it('keeps the switch’s choice over Quebec’s default', async () => {
    expect(
      langOf((await page('/ca/QC/adult-buy-sell', { cookie: 'adult_confirmed=1; language=en' })).body),
    ).toBe('en-CA')
    expect(langOf((await page('/ca/QC/adult-buy-sell?lang=en')).body)).toBe('en-CA')
  })

  it('draws every page in French for a visitor the proxy places in Quebec, and keeps it apart in the caches', async () => {
    for (const region of ['QC', 'CA-QC', 'qc']) {
      for (const url of ['/', '/ca/ON/adult-buy-sell']) {
        const res = await page(url, { 'cf-region-code': region })
        expect(langOf(res.body), `${url} ${region}`).toBe('fr-CA')
        expect(String(res.headers.vary)).toContain('cf-region-code')
      }
    }
    // the same URL and headers from Ontario: English, not the French answer kept a moment ago
    for (const region of ['ON', 'CA-ON', '']) {
      expect(langOf((await page('/ca/ON/adult-buy-sell', { 'cf-region-code': region })).body)).toBe('en-CA')
    }
    expect(langOf((await page('/ca/ON/adult-buy-sell')).body)).toBe('en-CA')
    expect(
      langOf((await page('/', { 'cf-region-code': 'QC', cookie: 'adult_confirmed=1; language=en' })).body),
    ).toBe('en-CA')
  })
})
