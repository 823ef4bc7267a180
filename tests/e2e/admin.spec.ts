import { expect, expectNoSeriousA11yViolations, test, toasts } from '#tests/support/e2e-accounts.ts'
import { E2E_ADMIN } from '#tests/support/e2e-fixtures.ts'

// The admin console against the real server. The purge wipes every
// account on the server, so this journey is tagged @purge: playwright.config.ts runs it in its own
// project after all the others, never beside a journey that needs its user.

test('admin signs in, adds and deletes a banned phrase, purges with DELETE and the earlier user can no longer sign in @purge', async ({
  page,
  accounts,
}) => {
  const user = await accounts.signUp()
  const phrase = `e2e banned ${Date.now().toString(36)}`

  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/admin (login)')

  await page.getByLabel('Username').fill(E2E_ADMIN.username)
  await page.getByLabel('Password').fill(`${E2E_ADMIN.password}-wrong`)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(toasts(page).getByText('Login failed')).toBeVisible()

  await page.getByLabel('Password').fill(E2E_ADMIN.password)
  await page.getByLabel('Password').press('Enter')
  await expect(page.getByRole('heading', { name: 'Banned phrases' })).toBeVisible()
  const list = page.getByRole('list', { name: 'Banned phrases' })
  await expect(list.getByRole('listitem').first()).toBeVisible()
  await expectNoSeriousA11yViolations(page, '/admin (console)')

  // the admin token is kept in browser storage: a reload stays signed in
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Banned phrases' })).toBeVisible()

  // a blank phrase is refused before any request
  await page.getByLabel('New phrase').fill('   ')
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByText('Enter a phrase (it cannot be blank)')).toBeVisible()

  await page.getByLabel('New phrase').fill(phrase)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(toasts(page).getByText('Phrase added')).toBeVisible()
  await expect(list.getByText(phrase, { exact: true })).toBeVisible()

  // the same phrase again: the server's detail under 'Add failed'
  await page.getByLabel('New phrase').fill(phrase)
  await page.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(toasts(page).getByText('Add failed')).toBeVisible()

  await list.getByRole('button', { name: `Delete “${phrase}”` }).click()
  await expect(toasts(page).getByText('Phrase deleted')).toBeVisible()
  await expect(list.getByText(phrase, { exact: true })).toHaveCount(0)

  // purge needs DELETE typed
  const purge = page.getByRole('button', { name: 'Purge all data' })
  await expect(purge).toBeDisabled()
  await page.getByLabel('Type DELETE to confirm').fill('delete')
  await expect(purge).toBeDisabled()
  await page.getByLabel('Type DELETE to confirm').fill('DELETE')
  await expect(purge).toBeEnabled()
  await purge.click()
  await expect(toasts(page).getByText('All data purged')).toBeVisible()
  const counts = page.getByRole('definition')
  await expect(page.getByRole('term').filter({ hasText: /^users$/ })).toBeVisible()
  const usersRow = page.getByRole('term').filter({ hasText: /^users$/ })
  const usersCount = Number(await usersRow.locator('xpath=following-sibling::dd[1]').textContent())
  expect(usersCount).toBeGreaterThanOrEqual(1)
  await expect(counts.first()).toBeVisible()

  // banned phrases are reference data: the list is still there
  await expect(list.getByRole('listitem').first()).toBeVisible()

  // the user made before the purge is gone
  await page.goto('/login')
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const alert = toasts(page).getByRole('alert')
  await expect(alert.getByText('Login failed')).toBeVisible()
  await expect(alert.getByText('Invalid email or password')).toBeVisible()

  // admin sign-out
  await page.goto('/admin')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('heading', { name: 'Admin sign in' })).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('admin_token'))).toBeNull()
})
