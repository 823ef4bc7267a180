import type { Browser, BrowserContextOptions } from '@playwright/test'
import { IDLE_START_MS } from '#client/app-start.ts'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'
import { expect, test } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'

// A first visit (docs/decisions/029-first-visit.md): the server's 18+ gate is in the page it sends, works
// without JavaScript, and with JavaScript confirms without a reload and without starting the app. On an
// ad's page Reveal and Report work without JavaScript too (src/server/routes/ad-actions.ts).

const LISTING = '/ca/NS/adult-buy-sell'

/** A fresh visitor (no cookie, no storage) whose page.goto returns once the page has loaded. */
async function freshVisitor(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options)
  return { context, page: await context.newPage() }
}

async function consentCookie(page: import('@playwright/test').Page) {
  return (await page.context().cookies()).find((c) => c.name === ADULT_COOKIE.name)
}

test.describe('the 18+ gate is the server’s', () => {
  test('without JavaScript a fresh visitor confirms, reads a listing, opens an ad’s page and reports it @mobile', async ({
    browser,
  }) => {
    const { context, page } = await freshVisitor(browser, { javaScriptEnabled: false })
    await page.goto(`${LISTING}?sort=price-asc`)
    const gate = page.getByRole('dialog', { name: 'Adults only (18+)' })
    await expect(gate).toBeVisible()
    // the listing is there behind it, inert: not reachable before the visitor answers
    await expect(page.locator('main article').first()).toBeAttached()
    await expect(page.locator('#root')).toHaveAttribute('inert', '')
    await expect(gate.getByRole('link', { name: 'Leave' })).toHaveAttribute('href', 'https://www.google.ca/')

    await gate.getByRole('button', { name: 'I am 18 or older' }).click()
    // back on the same page, with the cookie, and no gate
    await expect(page).toHaveURL(new RegExp(`${LISTING}\\?sort=price-asc$`))
    await expect(page.getByRole('dialog', { name: 'Adults only (18+)' })).toHaveCount(0)
    expect((await consentCookie(page))?.value).toBe(ADULT_COOKIE.value)
    const card = adCards(page).first()
    const title = (await card.getByRole('heading').textContent()) ?? ''
    await card.getByRole('link').click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Adults only (18+)' })).toHaveCount(0)
    const adUrl = page.url()

    // Share is the ad's own link, to copy or send
    await expect(page.getByRole('link', { name: 'Share' })).toHaveAttribute('href', new URL(adUrl).pathname)

    // a demo ad has no contact to reveal: it says it is a sample where Reveal would be (the no-JavaScript
    // Reveal of a real contact, wrong code first, is in ad-page.spec.ts)
    await expect(page.getByTestId('sample-ad')).toContainText('This is a sample ad')
    await expect(page.getByRole('button', { name: 'Reveal contact' })).toHaveCount(0)

    // Report: the server's form, then its answer in words (the other project's run, from this same
    // address, may have reported this ad first: one report per ad per address, and it says so)
    await page.getByRole('button', { name: 'Report', exact: true }).click()
    await page.getByRole('radio', { name: 'Wrong category' }).check()
    await page.getByRole('textbox', { name: 'Details (optional)' }).fill('Not what this category is for')
    await page.getByRole('button', { name: 'Send report' }).click()
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /^(Thank you: the ad was reported\.|You have already reported this ad\.)$/ }),
    ).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    await context.close()
  })

  test('without JavaScript the gate speaks French on a French page, and comes back to it', async ({
    browser,
  }) => {
    const { context, page } = await freshVisitor(browser, { javaScriptEnabled: false })
    await page.goto('/login')
    await page
      .getByRole('dialog', { name: 'Adults only (18+)' })
      .getByRole('link', { name: 'Français' })
      .click()
    const gate = page.getByRole('dialog', { name: 'Réservé aux adultes (18+)' })
    await expect(gate).toBeVisible()
    await gate.getByRole('button', { name: 'J’ai 18 ans ou plus' }).click()
    await expect(page).toHaveURL(/\/login\?lang=fr$/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await context.close()
  })

  test('with JavaScript the gate is confirmed without a reload, and the app has not started', async ({
    browser,
  }) => {
    const { context, page } = await freshVisitor(browser)
    // when the app's code is asked for: it starts on use or once the page has been idle a while
    const appAsked: number[] = []
    page.on('request', (request) => {
      if (/\/assets\/app-[\w-]+\.js$/.test(request.url())) appAsked.push(Date.now())
    })
    // the first cards' pages the browser fetches ahead of a tap (src/domain/speculation-rules.ts)
    const prefetched: string[] = []
    context.on('request', (request) => {
      if (request.headers()['sec-purpose']?.startsWith('prefetch'))
        prefetched.push(new URL(request.url()).pathname)
    })
    await page.goto(LISTING, { waitUntil: 'load' })
    const loaded = Date.now()
    const gate = page.getByRole('dialog', { name: 'Adults only (18+)' })
    await expect(gate).toBeVisible()
    const confirm = gate.getByRole('button', { name: 'I am 18 or older' })
    await expect(confirm).toBeFocused()
    // a mark on this document: a reload would lose it
    await page.evaluate(() => {
      ;(window as unknown as { stayed: boolean }).stayed = true
    })
    await confirm.click()
    await expect(gate).toHaveCount(0)
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true)
    // answering the gate (focus, pointer, key) is not using the app: nothing of it was asked for before
    // its idle start (3 s after loading at the earliest), however slow this machine is
    await page.waitForTimeout(500)
    for (const at of appAsked) expect(at - loaded).toBeGreaterThanOrEqual(IDLE_START_MS)
    expect(await page.evaluate((key) => localStorage.getItem(key), ADULT_COOKIE.name)).toBe(
      ADULT_COOKIE.value,
    )
    expect((await consentCookie(page))?.value).toBe(ADULT_COOKIE.value)
    // passing the gate lets the first cards' pages be rendered and fetched ahead: its script's rules pass the CSP
    const firstAd = adCards(page).first().getByRole('link')
    const firstPath = new URL((await firstAd.getAttribute('href')) ?? '', page.url()).pathname
    await expect.poll(() => prefetched).toContain(firstPath)
    // and the rules the gate's script wrote name the first two cards' pages to render ahead, the first
    // four to fetch (rendering ahead itself never happens under Playwright's DevTools session: decision
    // 035, "Rendered ahead")
    const named = await page.evaluate(() => {
      const rules = JSON.parse(document.querySelector('script[type="speculationrules"]')?.textContent ?? '{}')
      const links = (action: string) =>
        [...document.querySelectorAll(rules[action][0].where.and[1].selector_matches)].map(
          (a) => new URL(a.getAttribute('href') ?? '', location.href).pathname,
        )
      return { prerender: [...new Set(links('prerender'))], prefetch: [...new Set(links('prefetch'))] }
    })
    const cardPaths = await adCards(page)
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => new URL(a.getAttribute('href') ?? '', location.href).pathname))
    expect(named.prerender).toEqual(cardPaths.slice(0, 2))
    expect(named.prefetch).toEqual(cardPaths.slice(0, 4))
    // the page now answers; the next page comes without the gate
    await firstAd.click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('#adult-gate')).toHaveCount(0)
    await context.close()
  })

  test('with JavaScript a press on Report before the app is there waits for the app, which opens its form', async ({
    browser,
    baseURL,
  }) => {
    const { context, page } = await freshVisitor(browser)
    await context.addCookies([{ name: ADULT_COOKIE.name, value: ADULT_COOKIE.value, url: baseURL ?? '' }])
    // the server's form must not be posted: the app answers it
    const posted: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && /\/ads\/[^/]+\/report$/.test(request.url()))
        posted.push(request.url())
    })
    await page.goto(LISTING, { waitUntil: 'load' })
    await adCards(page).first().getByRole('link').click()
    await page.waitForLoadState('load')
    await page.getByRole('button', { name: 'Report', exact: true }).click()
    await expect(page.getByRole('radio', { name: 'Wrong category' })).toBeVisible()
    await expect(page.locator('html[data-app="ready"]')).toBeAttached()
    expect(posted).toEqual([])
    await context.close()
  })

  test('a visitor who confirmed before the cookie existed passes at once, and gets the cookie', async ({
    browser,
  }) => {
    const { context, page } = await freshVisitor(browser)
    await context.addInitScript((key) => localStorage.setItem(key, '1'), ADULT_COOKIE.name)
    await page.goto(LISTING, { waitUntil: 'domcontentloaded' })
    await expect(page.locator('#adult-gate')).toHaveCount(0)
    await expect(page.locator('#root')).not.toHaveAttribute('inert')
    expect((await consentCookie(page))?.value).toBe(ADULT_COOKIE.value)
    await context.close()
  })

  test('Leave leaves', async ({ browser }) => {
    const { context, page } = await freshVisitor(browser)
    // the outside world is not ours to reach from a test: the request is what counts
    await context.route('https://www.google.ca/**', (route) => route.fulfill({ body: 'elsewhere' }))
    await page.goto('/')
    await page.getByRole('dialog', { name: 'Adults only (18+)' }).getByRole('link', { name: 'Leave' }).click()
    await expect(page).toHaveURL('https://www.google.ca/')
    await context.close()
  })
})
