// Favourites and recently viewed (issue 41 items 1 and 4, docs/decisions/046-favourites.md): a heart
// kept signed out is listed on /favourites with the last ads opened, both read offline with their
// photos, and the favourite joins the account at sign-in, where another browser sees it.
import type { Page } from '@playwright/test'
import { test as accountsTest, expect } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards, serverListing } from '#tests/support/e2e-listing.ts'

const test = accountsTest

async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
}

async function expectPhotoShown(page: Page, testId: string): Promise<void> {
  const img = page.getByTestId(testId).locator('img').first()
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth))
    .toBeGreaterThan(0)
}

test('a heart kept signed out is on /favourites, offline too, and follows the account from sign-in @mobile', async ({
  page,
  context,
  request,
  accounts,
  browser,
}) => {
  const listing = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
  const [kept, opened] = listing.items
  if (!kept || !opened) throw new Error('the listing needs two ads')

  await page.goto('/ca/ON/adult-buy-sell')
  const card = adCards(page).filter({ has: page.getByRole('link', { name: kept.title, exact: true }) })
  const heart = card.getByRole('button', { name: 'Favourite' })
  await expect(heart).toHaveAttribute('aria-pressed', 'false')
  await heart.click()
  await expect(heart).toHaveAttribute('aria-pressed', 'true')

  // another ad opened in the dialog joins the recently viewed; its own heart is not pressed
  await adCards(page).getByRole('link', { name: opened.title, exact: true }).click()
  const dialog = page.getByRole('dialog', { name: opened.title })
  await expect(dialog.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'false')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // the header's heart; the Browse drawer's link on phones narrower than 400 px
  const headerLink = page.getByRole('banner').getByRole('link', { name: 'Favourites and recently viewed' })
  if (await headerLink.isVisible()) await headerLink.click()
  else {
    await page.getByRole('button', { name: 'Browse' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Favourites and recently viewed' }).click()
  }
  await expect(page).toHaveURL(/\/favourites$/)
  const favourites = page.getByTestId('favourites-list').getByTestId('favourite-item')
  await expect(favourites).toHaveCount(1)
  await expect(favourites.first()).toContainText(kept.title)
  await expect(favourites.first().getByRole('button', { name: 'Favourite' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(page.getByTestId('recent-list')).toContainText(opened.title)

  await waitForServiceWorkerControl(page)
  await page.reload()
  await expect(favourites).toHaveCount(1)
  await context.setOffline(true)
  try {
    await page.reload()
    await expect(favourites).toHaveCount(1)
    await expect(favourites.first()).toContainText(kept.title)
    await expectPhotoShown(page, 'favourites-list')
    await expect(page.getByTestId('recent-list')).toContainText(opened.title)
    await expectPhotoShown(page, 'recent-list')
  } finally {
    await context.setOffline(false)
  }

  // signing in merges the device's favourite into the account
  const user = await accounts.signUp()
  await accounts.login(page, user)
  await page.goto('/favourites')
  await expect(favourites).toHaveCount(1)
  await expect(favourites.first()).toContainText(kept.title)

  // and another browser signed in to the same account sees it, with the heart pressed on the listing
  const other = await newVisitor(browser)
  try {
    await accounts.login(other.page, user)
    await other.page.goto('/favourites')
    const there = other.page.getByTestId('favourites-list').getByTestId('favourite-item')
    await expect(there).toHaveCount(1)
    await expect(there.first()).toContainText(kept.title)
    await other.page.goto('/ca/ON/adult-buy-sell')
    const otherCard = adCards(other.page).filter({
      has: other.page.getByRole('link', { name: kept.title, exact: true }),
    })
    await expect(otherCard.getByRole('button', { name: 'Favourite' })).toHaveAttribute('aria-pressed', 'true')
  } finally {
    await other.context.close()
  }
})
