// Installable and offline (issue 2): a valid manifest with fetchable icons, a service worker that
// takes control, never answers /api/* with the app shell, and serves a visited listing offline.
import type { Page } from '@playwright/test'
import { expect, test } from '#tests/support/e2e-fixtures.ts'
import { adCards, expectResultCount, serverListing } from '#tests/support/e2e-listing.ts'

interface ManifestIcon {
  src: string
  sizes: string
  type?: string
  purpose?: string
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

/** Waits until a service worker is active and controls this page. */
async function waitForServiceWorkerControl(page: Page): Promise<string> {
  const scriptURL = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return registration.active?.scriptURL ?? ''
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  return scriptURL
}

test.describe('installable PWA', () => {
  test('links a valid manifest whose icons are real PNGs of the stated sizes', async ({ page, request }) => {
    await page.goto('/')
    const href = await page.locator('link[rel="manifest"]').getAttribute('href')
    expect(href).toMatch(/manifest\.webmanifest$/)

    const res = await request.get('/manifest.webmanifest')
    expect(res.ok()).toBe(true)
    const manifest = (await res.json()) as Record<string, unknown>
    expect(manifest.name).toBe('Maple After Dark')
    expect(typeof manifest.short_name).toBe('string')
    expect((manifest.short_name as string).length).toBeGreaterThan(0)
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12)
    expect(manifest.display).toBe('standalone')
    expect(manifest.start_url).toBe('/')
    expect(manifest.scope).toBe('/')
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i)

    const icons = manifest.icons as ManifestIcon[]
    const find = (size: string, purpose: string) =>
      icons.find((i) => i.sizes === size && (i.purpose ?? 'any').split(' ').includes(purpose))
    const wanted = [find('192x192', 'any'), find('512x512', 'any'), find('512x512', 'maskable')]
    for (const icon of wanted) {
      expect(icon, JSON.stringify(icons)).toBeDefined()
      if (!icon) continue
      const iconRes = await request.get(icon.src)
      expect(iconRes.ok(), `${icon.src} answered ${iconRes.status()}`).toBe(true)
      expect(iconRes.headers()['content-type']).toContain('image/png')
      const [w, h] = icon.sizes.split('x').map(Number)
      expect(pngSize(await iconRes.body())).toEqual({ width: w, height: h })
    }
  })

  test('registers a service worker that controls the page and never serves the shell for /api/*', async ({
    page,
  }) => {
    await page.goto('/')
    const scriptURL = await waitForServiceWorkerControl(page)
    expect(new URL(scriptURL).pathname).toBe('/sw.js')

    // with the worker in control: an unknown API path is still the API's JSON 404, not index.html
    const api = await page.evaluate(async () => {
      const res = await fetch('/api/definitely-not-a-route')
      return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.text() }
    })
    expect(api.status).toBe(404)
    expect(api.type).toContain('application/json')
    expect(JSON.parse(api.body)).toHaveProperty('detail')

    // and a navigation to the API goes to the server too
    const response = await page.goto('/api/')
    expect(await response?.text()).not.toContain('<div id="root">')
  })

  test('after one online visit, a listing reloads offline with the offline banner @mobile', async ({
    page,
    context,
    request,
  }) => {
    const expected = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
    await page.goto('/ca/ON/adult-buy-sell')
    await expect(adCards(page)).toHaveCount(expected.items.length)
    await waitForServiceWorkerControl(page)
    // one more online load through the worker, as a returning visitor would have
    await page.reload()
    await expect(adCards(page)).toHaveCount(expected.items.length)
    await expect(page.getByText(/you('| a)re offline/i)).toHaveCount(0)

    await context.setOffline(true)
    try {
      await page.reload()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Buy & Sell in Ontario')
      await expectResultCount(page, expected.total)
      await expect(adCards(page)).toHaveCount(expected.items.length)
      await expect(page.getByText(/you('| a)re offline/i).first()).toBeVisible()
      // stock images come from the precache
      const firstImage = adCards(page).first().locator('img')
      await expect
        .poll(() => firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0)

      // the ad dialog works offline too
      const ad = expected.items[0]
      if (!ad) throw new Error('no ads')
      await adCards(page).first().getByRole('link', { name: ad.title }).click()
      await expect(page.getByRole('dialog', { name: ad.title })).toContainText(ad.description)
    } finally {
      await context.setOffline(false)
    }
  })
})
