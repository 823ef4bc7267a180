// Browsing from the home page (issue 2, "Shown by"): the province cards and their toast, the hero
// and header searches, unknown paths, and the 18+ gate.
import type { Page } from '@playwright/test'
import { expect, isMobileProject, test } from '#tests/support/e2e-fixtures.ts'
import { adCards, cardTitles, expectResultCount, serverListing } from '#tests/support/e2e-listing.ts'

function provinceCard(page: Page, name: string) {
  return page.getByRole('article', { name })
}

function toastRegion(page: Page) {
  return page.getByRole('region', { name: 'Notifications' })
}

test.describe('home page', () => {
  test('a province card asks for a category first, then opens that listing @mobile', async ({
    page,
    request,
  }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Top categories' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Browse by province' })).toBeVisible()

    const card = provinceCard(page, 'Ontario')
    await card.scrollIntoViewIfNeeded()
    await expect(card.getByRole('combobox', { name: 'Category' })).toContainText('Choose a category')
    // up to 6 city chips
    const chips = card.getByRole('list', { name: 'Cities in Ontario' }).getByRole('button')
    await expect(chips).toHaveCount(6)

    await card.getByRole('button', { name: /View all/ }).click()
    const toast = toastRegion(page).getByRole('status')
    await expect(toast).toContainText('Choose a category')
    await expect(toast).toContainText('Select a category from the dropdown first.')
    await expect(page).toHaveURL(/\/$/)
    // auto-dismissed (1200 ms + 200 ms removal)
    await expect(toast).toHaveCount(0, { timeout: 5_000 })

    // a city chip without a category gives the same toast
    await chips.filter({ hasText: 'Ottawa' }).click()
    await expect(toastRegion(page).getByRole('status')).toContainText('Choose a category')
    await expect(page).toHaveURL(/\/$/)

    await card.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: 'Adult Pics/Vids', exact: true }).click()
    await card.getByRole('button', { name: /View all/ }).click()
    await expect(page).toHaveURL(/\/ca\/ON\/adult-pics-vids$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Pics/Vids in Ontario')
    const expected = await serverListing(request, { province: 'ON', category: 'adult-pics-vids' })
    await expectResultCount(page, expected.total)
    await expect.poll(() => cardTitles(page)).toEqual(expected.items.map((a) => a.title))
  })

  test('a city chip opens the listing of that city', async ({ page, request }) => {
    await page.goto('/')
    const card = provinceCard(page, 'British Columbia')
    await card.getByRole('combobox', { name: 'Category' }).click()
    await page.getByRole('option', { name: 'Adult Buy & Sell', exact: true }).click()
    await card
      .getByRole('list', { name: 'Cities in British Columbia' })
      .getByRole('button', { name: 'Victoria' })
      .click()
    await expect(page).toHaveURL(/\/ca\/BC\/adult-buy-sell\?city=Victoria$/)
    const expected = await serverListing(request, {
      province: 'BC',
      category: 'adult-buy-sell',
      city: 'Victoria',
    })
    await expectResultCount(page, expected.total)
    for (const text of await adCards(page).allInnerTexts()) expect(text).toContain('Victoria')
  })

  test('a province card’s name and its categories are plain links, no category asked first @mobile', async ({
    page,
  }) => {
    await page.goto('/')
    const card = provinceCard(page, 'Manitoba')
    await card.scrollIntoViewIfNeeded()
    const categories = card.getByRole('list', { name: 'Categories in Manitoba' }).getByRole('link')
    await expect(categories).toHaveCount(4)
    await categories.filter({ hasText: 'Adult Castings' }).click()
    await expect(page).toHaveURL(/\/ca\/MB\/adult-castings$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Castings in Manitoba')

    await page.goto('/')
    await provinceCard(page, 'Manitoba').getByRole('link', { name: 'Manitoba', exact: true }).click()
    // /ca/MB opens the province on the default category
    await expect(page).toHaveURL(/\/ca\/MB\/adult-buy-sell$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Buy & Sell in Manitoba')
  })

  test('the hero search goes to Adult Buy & Sell with the keyword and province', async ({
    page,
    request,
  }) => {
    await page.goto('/')
    const keyword = page.getByRole('searchbox', { name: 'Keyword' })
    const hero = page.getByRole('search').filter({ has: keyword })
    await keyword.fill('corset')
    await hero.getByRole('combobox', { name: 'Province' }).click()
    await page.getByRole('option', { name: 'Alberta', exact: true }).click()
    await hero.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(page).toHaveURL(/\/ca\/AB\/adult-buy-sell\?q=corset$/)
    const expected = await serverListing(request, { province: 'AB', category: 'adult-buy-sell', q: 'corset' })
    expect(expected.total).toBeGreaterThan(0)
    await expectResultCount(page, expected.total)
  })

  test('the header search keeps the current category and city @mobile', async ({ page, request }) => {
    await page.goto('/ca/ON/adult-pics-vids?city=Toronto')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Pics/Vids in Ontario')
    const box = page.getByRole('searchbox', { name: 'Search ads' })
    await box.fill('set')
    await box.press('Enter')
    await expect(page).toHaveURL(/\/ca\/ON\/adult-pics-vids\?/)
    const url = new URL(page.url())
    expect(url.searchParams.get('city')).toBe('Toronto')
    expect(url.searchParams.get('q')).toBe('set')
    const expected = await serverListing(request, {
      province: 'ON',
      category: 'adult-pics-vids',
      city: 'Toronto',
      q: 'set',
    })
    await expectResultCount(page, expected.total)

    // from a page that is not a listing it goes to Adult Buy & Sell in All Canada
    await page.goto('/terms')
    await page.getByRole('searchbox', { name: 'Search ads' }).fill('robe')
    await page.getByRole('searchbox', { name: 'Search ads' }).press('Enter')
    await expect(page).toHaveURL(/\/ca\/ALL\/adult-buy-sell\?q=robe$/)
  })

  test('an unknown path redirects to the home page', async ({ page }) => {
    await page.goto('/no/such/page?x=1')
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByRole('heading', { name: 'Browse by province' })).toBeVisible()
  })

  test('the header category links open the companion types and categories', async ({ page }) => {
    test.skip(isMobileProject(page), 'the category links live in the Browse drawer on phones')
    await page.goto('/')
    const nav = page.getByRole('banner')
    await nav.getByRole('link', { name: 'Female Companion' }).click()
    await expect(page).toHaveURL(/\/ca\/ALL\/adult-services\?escortType=female-companion$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Female Companion in All Canada')
  })
})

test.describe('18+ gate', () => {
  test.use({ adultConfirmed: false })

  test('shows on the first visit, cannot be dismissed, and is remembered once confirmed @mobile', async ({
    page,
  }) => {
    await page.goto('/')
    const gate = page.getByRole('dialog', { name: 'Adults only (18+)' })
    await expect(gate).toBeVisible()
    await expect(gate.getByRole('link', { name: 'Leave' })).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(gate).toBeVisible()

    await gate.getByRole('button', { name: 'I am 18 or older' }).click()
    await expect(gate).toBeHidden()

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Browse by province' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Adults only (18+)' })).toHaveCount(0)
    await page.goto('/ca/ON/adult-buy-sell')
    await expect(adCards(page).first()).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Adults only (18+)' })).toHaveCount(0)
  })

  test('shows on a deep link too', async ({ page }) => {
    await page.goto('/ca/ON/adult-buy-sell')
    await expect(page.getByRole('dialog', { name: 'Adults only (18+)' })).toBeVisible()
  })
})
