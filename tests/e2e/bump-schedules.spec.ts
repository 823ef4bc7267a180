import { expect, test } from '#tests/support/e2e-accounts.ts'
import { postAndPay, topUpInTheApp, uniqueTitle } from '#tests/support/e2e-pay.ts'

// Scheduled bumps end to end on a phone (issue 42 item 4, docs/decisions/050-scheduled-bumps.md): the
// owner opens "Schedule bumps" on a live ad in /manage, saves two times a day for three days, sees
// the next moments, and cancels them. The charging itself is the API tests' (a clock they move).

test('an owner schedules bumps of a live ad from /manage, sees the next ones and cancels them @mobile', async ({
  page,
  context,
  accounts,
}) => {
  test.setTimeout(180_000)
  const title = uniqueTitle('Brass clock')
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'NU', city: 'Iqaluit' })

  await page.goto('/manage')
  const row = page.getByTestId('own-ad').filter({ hasText: title })
  await row.getByRole('button', { name: `Schedule bumps of ${title}` }).click()
  const dialog = page.getByTestId('bump-schedule-dialog')
  await expect(dialog).toContainText('No bumps are scheduled.')
  await dialog.getByLabel('Time 1', { exact: true }).fill('09:00')
  await dialog.getByRole('button', { name: 'Add a time' }).click()
  await dialog.getByLabel('Time 2', { exact: true }).fill('21:00')
  await dialog.getByLabel('For', { exact: true }).selectOption('3')
  await dialog.getByRole('button', { name: 'Save the schedule' }).click()
  // three days of two times, less those already past today
  await expect
    .poll(() => dialog.getByTestId('bump-schedule-next').locator('li').count())
    .toBeGreaterThanOrEqual(4)

  await dialog.getByRole('button', { name: 'Cancel the schedule' }).click()
  await expect(dialog).toContainText('No bumps are scheduled.')
})
