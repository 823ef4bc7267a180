import type { Browser } from '@playwright/test'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { ADULT_CONFIRMED_VALUE, adultCookie, expect, test } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'

// A server-drawn page works before the app starts (src/client/app-start.ts): for a signed-out visitor
// the app starts at the first tap or key, or by itself a few seconds after the page has loaded, and a
// click made before it is there is answered once it is, on the same control.

const LISTING = '/ca/YT/adult-buy-sell'

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

const appReady = 'html[data-app="ready"]'

test.describe('the app starts when it is wanted', () => {
  test('a signed-out visitor reads the listing before the app starts, and it starts by itself soon after', async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser)
    await page.goto(LISTING, { waitUntil: 'load' })
    await expect(adCards(page).first()).toBeVisible()
    expect(await page.locator(appReady).count()).toBe(0)
    await page.waitForSelector(appReady, { state: 'attached', timeout: 15_000 })
    await context.close()
  })

  test('a tap on an ad before the app is there opens its page at once; once the app is there, its dialog @mobile', async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser)
    // the app's code never arrives (a slow phone's network, or its idle start not yet come): what the
    // tap does is the browser's alone
    const appCode = /\/assets\/app-[\w-]+\.js$/
    await context.route(appCode, () => undefined)
    await page.goto(LISTING, { waitUntil: 'load' })
    const card = adCards(page).first()
    const title = (await card.getByRole('heading').textContent()) ?? ''
    await card.getByRole('link').click()
    // the browser's: the ad's own server-rendered page, without waiting for the app
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    expect(new URL(page.url()).pathname).toMatch(new RegExp(`^${LISTING}/[a-z0-9]{12}-`))

    await context.unroute(appCode)
    await page.goto(LISTING, { waitUntil: 'load' })
    await page.keyboard.press('Shift')
    await page.waitForSelector(appReady, { state: 'attached' })
    await adCards(page).first().getByRole('link').click()
    // the app's: the dialog over the listing
    await expect(page.getByRole('dialog').getByRole('heading', { name: title })).toBeVisible()
    expect(new URL(page.url()).pathname).toBe(LISTING)
    await context.close()
  })

  test('words typed into the header search while the app starts are kept and searched', async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser)
    await page.goto(LISTING, { waitUntil: 'load' })
    expect(await page.locator(appReady).count()).toBe(0)
    const search = page.locator('#header-search')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    const typed: string[] = []
    for (const word of ['corset', 'lace', 'silk', 'satin', 'velvet', 'leather', 'mesh', 'garter']) {
      await search.pressSequentially(typed.length ? ` ${word}` : word, { delay: 10 })
      typed.push(word)
      if (await page.locator(appReady).count()) break
    }
    // and a few more once the app is there
    await page.waitForSelector(appReady, { state: 'attached' })
    await search.pressSequentially(' lingerie', { delay: 10 })
    const words = [...typed, 'lingerie'].join(' ')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await expect(search).toHaveValue(words)
    await search.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]q=${words.replaceAll(' ', '(\\+|%20)')}(&|$)`))
    await context.close()
  })

  test('what a visitor types on the home before the app is there stays in the field and is searched', async ({
    browser,
  }) => {
    const { context, page } = await visitor(browser)
    await page.goto('/', { waitUntil: 'load' })
    expect(await page.locator(appReady).count()).toBe(0)
    const keyword = page.locator('#hero-keyword')
    // a slow phone: the app's start takes long enough that keys arrive while it replaces the home
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    // typed at once: the first key starts the app, which replaces the home's markup with its own; no
    // key may be lost, before, during or after the swap
    const typed: string[] = []
    for (const word of ['corset', 'lace', 'silk', 'satin', 'velvet', 'leather', 'mesh', 'garter']) {
      await keyword.pressSequentially(typed.length ? ` ${word}` : word, { delay: 10 })
      typed.push(word)
      if (await page.locator(appReady).count()) break
    }
    const words = typed.join(' ')
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await page.waitForSelector(appReady, { state: 'attached' })
    await expect(keyword).toHaveValue(words)
    await expect(keyword).toBeFocused()
    await keyword.press('Enter')
    await expect(page).toHaveURL(new RegExp(`[?&]q=${words.replaceAll(' ', '(\\+|%20)')}(&|$)`))
    await context.close()
  })
})
