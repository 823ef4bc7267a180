// Both target viewports (390×844 phone, 1440×900 desktop) are usable: nothing scrolls sideways and
// the key controls are on screen. The screenshots are the README's (docs/screenshots/).
import { expect, expectNoHorizontalOverflow, isMobileProject, test } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'

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
    await adCards(page).first().getByRole('link').first().click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Reveal contact' })).toBeVisible()
  })
})
