import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { E2E_ADMIN, newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp } from '#tests/support/e2e-pay.ts'

// Trust and safety end to end (docs/decisions/033-reports-that-cost.md): a signed-out report that an ad
// may involve a minor puts it first in the review queue without hiding it; the admin holds it, then
// removes it with a reason, and its owner reads that reason.

const LISTING = '/ca/NU/adult-buy-sell'

test('a signed-out report of a possible minor tops the queue; the admin holds it, then removes it with a reason the owner sees', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(180_000)
  const title = `Tea set ${Math.random().toString(36).slice(2, 8)}`
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'NU', city: 'Iqaluit' })

  // a signed-out visitor reports it
  const reporter = await newVisitor(browser)
  await reporter.page.goto(LISTING)
  await adCards(reporter.page).filter({ hasText: title }).getByRole('link', { name: title }).click()
  const dialog = reporter.page.getByRole('dialog', { name: title })
  await dialog.getByRole('button', { name: 'Report' }).click()
  // no reason is chosen for the reporter, and sending without one says so on the field
  await expect(dialog.getByRole('radio', { checked: true })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason for your report')
  await expect(dialog.getByRole('radiogroup', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true')
  await dialog.getByRole('radio', { name: 'Someone may be under 18' }).check()
  await dialog.getByLabel('Details (optional)').fill('The photos look like a teenager.')
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await expect(toasts(reporter.page)).toContainText('Thank you: the ad was reported.')
  await reporter.context.close()

  // one signed-out report hides nothing: another visitor still finds it
  const second = await newVisitor(browser)
  await second.page.goto(`${LISTING}?q=${encodeURIComponent(title)}`)
  await expect(adCards(second.page).filter({ hasText: title })).toHaveCount(1)

  // the admin sees it first, marked urgent, and removes it with a reason
  const admin = await newVisitor(browser)
  await admin.page.goto('/admin')
  await admin.page.getByLabel('Username').fill(E2E_ADMIN.username)
  await admin.page.getByLabel('Password').fill(E2E_ADMIN.password)
  await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const queue = admin.page.getByRole('region', { name: 'Review queue' })
  const first = queue.getByRole('listitem').first()
  await expect(first.getByRole('heading', { name: title })).toBeVisible()
  await expect(first).toContainText('Urgent')
  await expect(first).toContainText('Someone may be under 18 · The photos look like a teenager.')
  await expect(first).toContainText('Signed-out visitor')
  await first.getByRole('button', { name: 'Hold now' }).click()
  await expect(toasts(admin.page)).toContainText('Done')
  await expect(first).toContainText('Held since')

  // held: the other visitor no longer finds it
  await second.page.goto(`${LISTING}?q=${encodeURIComponent(title)}`)
  await expect(second.page.getByText('No ads match these filters')).toBeVisible()
  await second.context.close()

  await first.getByLabel('Reason (the owner reads it when the ad is removed)').fill('Suggests a minor')
  await first.getByRole('button', { name: 'Remove' }).click()
  await expect(toasts(admin.page)).toContainText('Done')
  await admin.context.close()

  // the owner reads the removal and its reason in /manage
  await page.goto('/manage')
  const row = page.getByTestId('own-ad').filter({ hasText: title })
  await expect(row.getByTestId('ad-status')).toHaveText('Removed')
  await expect(row).toContainText('Removed by an admin: Suggests a minor')
})
