// Saved searches (issue 41 item 2, docs/decisions/052-saved-searches.md): signed out, "Save this search"
// leads to sign-in and back; signed in, the search is kept once, listed on /searches by what it
// searches, opens its listing, and is deleted from there.
import { test as accountsTest, expect, toasts } from '#tests/support/e2e-accounts.ts'
import { isMobileProject } from '#tests/support/e2e-fixtures.ts'

const test = accountsTest

test('a listing search saved once is on /searches by its name, opens its listing, and is deleted @mobile', async ({
  page,
  accounts,
}) => {
  const listing = '/ca/ON/adult-buy-sell?q=silk'
  await page.goto(listing)
  const save = page.getByRole('button', { name: 'Save this search' })
  // signed out: to sign-in, which names why
  await save.click()
  await expect(page).toHaveURL(/\/login\?/)

  const user = await accounts.signUp()
  await accounts.login(page, user)
  await page.goto(listing)
  await save.click()
  await expect(toasts(page)).toContainText('Search saved')
  // saving it again keeps it once
  await save.click()
  await expect(toasts(page)).toContainText('Search saved')

  // the account's links: the Browse drawer on a phone, the account menu on a desktop
  if (isMobileProject(page)) {
    await page.getByRole('button', { name: 'Browse' }).click()
    await page.getByRole('dialog').getByRole('link', { name: 'Saved searches' }).click()
  } else {
    await page.getByRole('button', { name: 'Account menu' }).click()
    await page.getByRole('menuitem', { name: 'Saved searches' }).click()
  }
  await expect(page).toHaveURL(/\/searches$/)
  const items = page.getByTestId('saved-searches-list').getByTestId('saved-search')
  await expect(items).toHaveCount(1)
  const name = 'Ontario · Adult Buy & Sell · "silk"'
  await expect(items.first().getByRole('link', { name, exact: true })).toBeVisible()
  await expect(items.first().getByTestId('new-since')).toHaveText('Nothing new')

  // the alert is kept for when alerts are sent
  // reloaded once the change is saved: a reload while the PATCH is on its way read the old value
  const saved = page.waitForResponse(
    (response) =>
      response.request().method() === 'PATCH' && response.url().includes('/api/account/searches/'),
  )
  await items.first().getByLabel('Alert').selectOption('email')
  expect((await saved).ok()).toBe(true)
  await page.reload()
  await expect(items.first().getByLabel('Alert')).toHaveValue('email')

  // the name opens the listing with the same search
  await items.first().getByRole('link', { name, exact: true }).click()
  await expect(page).toHaveURL(/\/ca\/ON\/adult-buy-sell\?q=silk$/)
  await page.goBack()

  await items
    .first()
    .getByRole('button', { name: `Delete ${name}` })
    .click()
  await expect(items).toHaveCount(0)
  await expect(page.getByText('No saved searches yet.', { exact: false })).toBeVisible()
})
