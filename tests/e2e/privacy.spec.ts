import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp } from '#tests/support/e2e-pay.ts'

// Privacy rights end to end (docs/decisions/034-privacy-and-retention.md): a seller deletes their
// account from the account menu, confirming with their password, and their ad is gone for a visitor
// in another browser at once.

const LISTING = '/ca/YT/adult-buy-sell'

test('delete my account: the ad is gone for a second browser, and the email signs up again', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(180_000)
  const title = `Lamp ${Math.random().toString(36).slice(2, 8)}`
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'YT', city: 'Whitehorse' })

  const visitor = await newVisitor(browser)
  await visitor.page.goto(`${LISTING}?q=${encodeURIComponent(title)}`)
  await expect(adCards(visitor.page).filter({ hasText: title })).toHaveCount(1)

  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Delete my account' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  await dialog.getByLabel('Password').fill('not my password')
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Password is incorrect')
  await dialog.getByLabel('Password').fill(owner.password)
  await dialog.getByRole('button', { name: 'Delete my account' }).click()
  await expect(toasts(page)).toContainText('Your account was deleted')
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible()

  await visitor.page.goto(`${LISTING}?q=${encodeURIComponent(title)}`)
  await expect(visitor.page.getByText('No ads match these filters')).toBeVisible()
  await visitor.context.close()

  // the address is free: the same email signs up and signs in again
  await accounts.signUp(owner)
  await accounts.login(page, owner)
})
