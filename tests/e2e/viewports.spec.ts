// Both target viewports (390×844 phone, 1440×900 desktop) are usable: nothing scrolls sideways and
// the key controls are on screen. The screenshots are the README's (docs/screenshots/).
import { test as withAccounts } from '#tests/support/e2e-accounts.ts'
import { expect, expectNoHorizontalOverflow, isMobileProject, test } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAd, signedIn, simulatePayment } from '#tests/support/e2e-pay.ts'

// pictures go to test-results unless asked for: a normal run must not rewrite committed files
// (refresh the README's with E2E_SCREENSHOTS_DIR=docs/screenshots npm run test:e2e -- tests/e2e/viewports.spec.ts)
const SHOTS = process.env.E2E_SCREENSHOTS_DIR ?? 'test-results/screenshots'

test.describe('viewports', () => {
  test('home fits the viewport with its search and province cards usable @mobile', async ({ page }, info) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Browse by province' })).toBeVisible()
    await expectNoHorizontalOverflow(page)

    await expect(page.getByRole('searchbox', { name: 'Keyword' })).toBeInViewport()
    await expect(page.getByRole('searchbox', { name: 'Search ads' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Maple After Dark home' })).toBeInViewport()
    if (isMobileProject(page)) {
      await expect(page.getByRole('button', { name: 'Browse' })).toBeInViewport()
    } else {
      await expect(page.getByRole('banner').getByRole('combobox', { name: 'Province' })).toBeVisible()
    }
    await expect(
      page.getByRole('article', { name: 'Ontario' }).getByRole('button', { name: /View all/ }),
    ).toBeVisible()

    // let images and fonts settle so the picture is what a visitor sees
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${SHOTS}/home-${info.project.name}.png` })
  })

  test('the home leads with search, the visitor’s province and its categories, and remembers a choice @mobile', async ({
    page,
  }) => {
    await page.goto('/')
    // Playwright's clock is in America/Toronto: the nearest province is Ontario
    const section = page.getByRole('region', { name: 'Ontario' })
    await expect(section).toBeVisible()
    await expect(page.getByRole('searchbox', { name: 'Keyword' })).toBeInViewport()
    await expect(section.getByRole('combobox', { name: 'Your province' })).toBeInViewport()
    const categories = section.getByRole('list', { name: 'Top categories' }).getByRole('link')
    await expect(categories).toHaveCount(4)
    for (const link of await categories.all()) await expect(link).toBeInViewport()
    await expect(categories.first()).toHaveAttribute('href', /^\/ca\/ON\//)

    await section.getByRole('combobox', { name: 'Your province' }).click()
    await page.getByRole('option', { name: 'British Columbia' }).click()
    await page.reload()
    const chosen = page.getByRole('region', { name: 'British Columbia' })
    await expect(
      chosen.getByRole('list', { name: 'Top categories' }).getByRole('link').first(),
    ).toHaveAttribute('href', /^\/ca\/BC\//)
  })

  test('a listing fits the viewport with its filters, cards and pages usable @mobile', async ({
    page,
  }, info) => {
    await page.goto('/ca/ON/adult-buy-sell')
    await expect(adCards(page).first()).toBeVisible()
    await expectNoHorizontalOverflow(page)

    if (isMobileProject(page)) {
      await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeInViewport()
    } else {
      await expect(page.getByRole('complementary', { name: 'Filters' })).toBeInViewport()
    }
    await expect(adCards(page).first()).toBeInViewport()
    // the grid has 2 to 4 columns
    const columns = await page.evaluate(() => {
      const cards = [...document.querySelectorAll('main article')]
      const top = cards[0]?.getBoundingClientRect().top
      return cards.filter((c) => Math.abs(c.getBoundingClientRect().top - (top ?? 0)) < 2).length
    })
    expect(columns).toBeGreaterThanOrEqual(2)
    expect(columns).toBeLessThanOrEqual(4)

    // the ad dialog fits too
    await page.waitForLoadState('networkidle')
    await page.screenshot({ path: `${SHOTS}/listing-${info.project.name}.png` })
    // a demo ad's (other journeys post real ads here, and they come first)
    await adCards(page).filter({ hasText: 'Demo' }).first().getByRole('link').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await expect(page.getByRole('dialog').getByTestId('sample-ad')).toBeVisible()
  })
})

withAccounts.describe('long words', () => {
  withAccounts(
    'an ad whose title and description hold words longer than a phone is wide fits on its card, page and dialog @mobile',
    async ({ page, context, accounts }) => {
      withAccounts.setTimeout(90_000)
      withAccounts.skip(!isMobileProject(page), 'a phone is where a long word overflows')
      await signedIn(page, accounts)
      const word = `Supercalifragilisticexpialidocious${Math.random().toString(36).slice(2, 8)}lingerie`
      const address = `https://example.com/${'averyverylongpathwithoutanybreaks'.repeat(3)}`
      await postAd(page, { title: word, city: 'Yellowknife', price: '45', description: `See ${address}` })
      await page.getByRole('button', { name: 'Pay $2.00 with crypto' }).click()
      await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'NEW')
      await simulatePayment(page, context)
      await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/, { timeout: 15_000 })

      for (const width of [390, 320]) {
        await page.setViewportSize({ width, height: 800 })
        const card = adCards(page).filter({ hasText: word.slice(0, 12) })
        await expect(card).toBeVisible()
        await expectNoHorizontalOverflow(page)
        // the whole title is in the card, wrapped, not cut at the card's edge
        const title = card.getByRole('heading')
        expect(await title.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true)

        await card.getByRole('link').click()
        const dialog = page.getByRole('dialog')
        await expect(dialog.getByRole('heading', { name: word })).toBeVisible()
        expect(await dialog.evaluate((d) => d.scrollWidth <= d.clientWidth)).toBe(true)
        await page.keyboard.press('Escape')
        await expect(dialog).toBeHidden()
      }

      const href =
        (await adCards(page)
          .filter({ hasText: word.slice(0, 12) })
          .getByRole('link')
          .getAttribute('href')) ?? ''
      // a city typed into the address by hand, as long
      await page.goto(`/ca/NT/adult-buy-sell?city=${word}`)
      await expect(page.getByTestId('result-count')).toHaveText('No ads')
      await expectNoHorizontalOverflow(page)

      await page.goto(href)
      await expect(page.getByRole('heading', { level: 1, name: word })).toBeVisible()
      await expect(page.locator('main')).toContainText(address)
      await expectNoHorizontalOverflow(page)
    },
  )
})
