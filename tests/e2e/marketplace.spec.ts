import type { Page } from '@playwright/test'
import { adIdFromSegment } from '#domain/ad-path.ts'
import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards, cardTitles, expireAd } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp } from '#tests/support/e2e-pay.ts'
import { approvePhotosOf } from '#tests/support/e2e-photo-review.ts'

// Ads live on the server: what one person posts and pays for, everyone else sees. A (signed in)
// posts, bumps, edits, deletes and renews (once /api/dev has ended an ad's lifetime) in one browser;
// B, a signed-out visitor in another browser with its own storage, finds each change on the listing.

// in Yukon: the listing journeys read the seeded lists of the provinces, which must stay still
const LISTING = '/ca/YT/adult-buy-sell'

/** B's view of the listing for a keyword, read fresh from the server. */
async function searchAsVisitor(page: Page, keyword: string, expected: string[]): Promise<void> {
  await page.goto(`${LISTING}?q=${encodeURIComponent(keyword)}`)
  // a saved copy of this search may show first while the fresh one loads
  await expect.poll(() => cardTitles(page)).toEqual(expected)
}

test.describe('a marketplace: ads on the server', () => {
  test('what A posts, bumps, edits, deletes and renews, a signed-out B sees within a reload', async ({
    page,
    context,
    accounts,
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    const tag = Math.random().toString(36).slice(2, 8)
    const first = `Beeswax candle ${tag}`
    const second = `Soy candle ${tag}`
    const user = await accounts.signUp()
    await accounts.login(page, user)
    await topUpInTheApp(page, context, '10')

    await postAndPay(page, {
      title: first,
      province: 'YT',
      city: 'Whitehorse',
      phone: '416-555-0142',
      photoColours: ['#0ea5e9', '#f59e0b'],
    })
    await postAndPay(page, { title: second, province: 'YT', city: 'Whitehorse', phone: '416-555-0143' })
    // a new advertiser's photos show to others once approved (docs/decisions/032-photo-review.md)
    await approvePhotosOf(request, first)
    await expect.poll(() => cardTitles(page).then((t) => t.slice(0, 2))).toEqual([second, first])

    // B, signed out in its own browser, finds both by keyword, newest first, and reveals a contact
    const b = await newVisitor(browser)
    await searchAsVisitor(b.page, tag, [second, first])
    // its two photos, uploaded as they were picked and served by the server as WebP
    const card = adCards(b.page).filter({ hasText: first })
    await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/[^/]+\/640\.webp$/)
    await expect
      .poll(() => card.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0)
    await card.getByRole('link').click()
    const dialog = b.page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: first })).toBeVisible()
    await expect(dialog.getByRole('img', { name: first })).toHaveAttribute('src', /^\/media\//)
    await expect(dialog.getByRole('button', { name: 'Photo 2' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Reveal contact' }).click()
    const code = (await dialog.getByTestId('reveal-code').locator('[aria-hidden="true"]').textContent()) ?? ''
    await dialog.getByLabel('Type the code').fill(code)
    await dialog.getByRole('button', { name: 'Reveal', exact: true }).click()
    await expect(dialog.getByRole('link', { name: '416-555-0142' })).toBeVisible()
    await b.page.keyboard.press('Escape')

    // A bumps the older ad: first for B
    await page.goto('/manage')
    await expect(page.getByTestId('own-ad').filter({ hasText: first }).getByTestId('ad-status')).toHaveText(
      /Live until/,
    )
    await page.getByRole('button', { name: `Bump ${first} to the top for $1` }).click()
    await page.getByRole('button', { name: 'Pay $1.00 from wallet' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    await searchAsVisitor(b.page, tag, [first, second])

    // A edits it: B sees the new title, still first (an edit never changes the rank)
    const edited = `${first} (large)`
    await page.getByRole('link', { name: `Edit ${first}` }).click()
    await page.locator('#main form').getByLabel('Title', { exact: true }).fill(edited)
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toasts(page)).toContainText('Ad updated')
    await searchAsVisitor(b.page, tag, [edited, second])

    // A deletes it: gone for B
    await page.getByRole('button', { name: `Delete ${edited}` }).click()
    await page
      .getByRole('dialog', { name: 'Delete this ad?' })
      .getByRole('button', { name: 'Delete ad' })
      .click()
    await expect(toasts(page)).toContainText('Ad deleted')
    await searchAsVisitor(b.page, tag, [second])

    // the other ad's 30 days pass: gone for B at once; A sees it Expired, renews it for $2, B has it back
    const href = await adCards(b.page).filter({ hasText: second }).getByRole('link').getAttribute('href')
    const secondId = adIdFromSegment(href?.split('/').pop() ?? '')
    if (!secondId) throw new Error(`no ad id in ${href}`)
    await expireAd(request, secondId)
    await searchAsVisitor(b.page, tag, [])
    await page.goto('/manage')
    const row = page.getByTestId('own-ad').filter({ hasText: second })
    await expect(row.getByTestId('ad-status')).toHaveText('Expired')
    await row.getByRole('link', { name: `Renew ${second} for $2` }).click()
    await expect(page).toHaveURL(/\/checkout\?type=post/)
    await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
    await expect(page).not.toHaveURL(/\/checkout/)
    await searchAsVisitor(b.page, tag, [second])
    await page.goto('/manage')
    await expect(row.getByTestId('ad-status')).toHaveText(/Live until/)
    await b.context.close()
  })

  test('a listing B has seen reopens offline with its saved results and their time', async ({ browser }) => {
    const b = await newVisitor(browser)
    await b.page.goto(LISTING)
    await expect(adCards(b.page).first()).toBeVisible()
    const titles = await cardTitles(b.page)
    await b.page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await expect.poll(() => b.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    // the persisted query cache is written on a short throttle: let it catch up before going offline
    await expect
      .poll(() => b.page.evaluate(() => localStorage.getItem('query_cache') ?? ''))
      .toContain(titles[0] ?? '')

    await b.context.setOffline(true)
    await b.page.reload()
    await expect(b.page.getByRole('status').filter({ hasText: 'saved results from' })).toBeVisible()
    expect(await cardTitles(b.page)).toEqual(titles)
    await b.context.close()
  })
})
