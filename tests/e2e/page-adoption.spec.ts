import type { Browser, Page } from '@playwright/test'
import { adPath } from '#domain/ad-path.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { ADULT_CONFIRMED_VALUE, adultCookie, expect, test } from '#tests/support/e2e-fixtures.ts'
import { serverListing } from '#tests/support/e2e-listing.ts'

// A server-rendered page is adopted as the server drew it (src/client/app.tsx): the router reads the
// server's matches and queries from its `$_TSR` scripts (src/client/entry-server.tsx), React hydrates
// the markup in place, and the page asks the API nothing again for the data it arrived with. A client
// render would replace the page's elements; a fresh start would ask for its ads again.
// docs/decisions/030-page-cache-and-render.md

/** A signed-out visitor past the 18+ gate whose page.goto returns as soon as the page has loaded. */
async function visitor(browser: Browser) {
  const context = await browser.newContext()
  await context.addCookies([adultCookie(undefined)])
  await context.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    STORAGE_KEYS.adultConfirmed,
    ADULT_CONFIRMED_VALUE,
  ] as const)
  return { context, page: await context.newPage() }
}

interface Marked {
  drawn?: Element | null
}

/** Opens `path`, keeps the server's <main>, starts the app and says whether <main> is still that one. */
async function adoptedInPlace(page: Page, path: string): Promise<{ same: boolean; apiAsks: string[] }> {
  const apiAsks: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    // reads only: the view beacon an ad's page sends once drawn is a count, not a fetch of the ad
    // (docs/decisions/053-ad-stats.md)
    if (url.pathname.startsWith('/api/ads') && request.method() === 'GET')
      apiAsks.push(`${url.pathname}${url.search}`)
  })
  await page.goto(path, { waitUntil: 'load' })
  await page.evaluate(() => {
    ;(window as Marked).drawn = document.querySelector('main')
  })
  // a visitor's first touch starts the app (src/client/app-start.ts)
  await page.keyboard.press('Shift')
  await page.waitForSelector('html[data-app="ready"]', { state: 'attached' })
  // long enough for a refetch on mount or a late client render to show
  await page.waitForTimeout(500)
  const same = await page.evaluate(() => {
    const drawn = (window as Marked).drawn
    return drawn?.isConnected === true && drawn === document.querySelector('main')
  })
  return { same, apiAsks }
}

test.describe('a server-rendered page is adopted, not drawn again', () => {
  test('a listing keeps the elements the server drew and asks nothing again for its ads', async ({
    browser,
    request,
  }) => {
    const listing = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
    expect(listing.items.length).toBeGreaterThan(0)
    const { context, page } = await visitor(browser)
    const { same, apiAsks } = await adoptedInPlace(page, '/ca/ON/adult-buy-sell')
    expect(same).toBe(true)
    expect(apiAsks).toEqual([])
    await expect(page.locator('main').getByRole('article').first()).toBeVisible()
    await context.close()
  })

  test("an ad's page keeps the elements the server drew and asks nothing again for the ad", async ({
    browser,
    request,
  }) => {
    const first = (await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })).items[0]
    if (!first) throw new Error('no ad to open')
    const { context, page } = await visitor(browser)
    const { same, apiAsks } = await adoptedInPlace(page, adPath(first))
    expect(same).toBe(true)
    expect(apiAsks).toEqual([])
    await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible()
    await context.close()
  })

  test('the home arrives with its thirteen province cards, and keeps the elements it was sent with', async ({
    browser,
    request,
  }) => {
    // in the page as sent, before any script: a link to every province's listings
    const sent = await (await request.get('/', { headers: { cookie: 'adult_confirmed=1' } })).text()
    for (const province of PROVINCES) expect(sent).toContain(`data-province="${province.code}"`)
    const { context, page } = await visitor(browser)
    const { same } = await adoptedInPlace(page, '/')
    expect(same).toBe(true)
    await expect(page.locator('[data-province]')).toHaveCount(PROVINCES.length)
    await context.close()
  })

  test('a URL the routes correct arrives at its own address, drawn by the server', async ({ browser }) => {
    const { context, page } = await visitor(browser)
    const answer = await page.goto('/ca/ON/adult-buy-sell?page=1', { waitUntil: 'load' })
    expect(new URL(page.url()).search).toBe('')
    expect(answer?.status()).toBe(200)
    expect(await page.locator('main').getByRole('article').count()).toBeGreaterThan(0)
    await context.close()
  })
})
