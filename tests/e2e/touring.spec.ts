import { dayMonthText } from '#domain/date-text.ts'
import { TOUR_TIME_ZONES, todayIn } from '#domain/tours.ts'
import { expect, test } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp, uniqueTitle } from '#tests/support/e2e-pay.ts'

// Touring end to end on a phone (issue 42 item 3, docs/decisions/060-touring.md): the owner of an
// ad in Iqaluit adds a visit to Whitehorse from /manage; a signed-out visitor browsing Whitehorse
// finds the ad there, marked "Visiting Whitehorse until …".

const DAY = 24 * 60 * 60_000

/** The date `days` after today on Yukon's clock, YYYY-MM-DD. */
function yukonDay(days: number): string {
  const today = todayIn(TOUR_TIME_ZONES.YT, new Date())
  return new Date((today + days) * DAY).toISOString().slice(0, 10)
}

test('an owner adds a visit in /manage; a visitor sees the ad in the visited city, marked Visiting @mobile', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(180_000)
  const title = uniqueTitle('Silk scarf')
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'NU', city: 'Iqaluit' })

  await page.goto('/manage')
  const row = page.getByTestId('own-ad').filter({ hasText: title })
  await row.getByRole('button', { name: `Touring: the visits of ${title}` }).click()
  const dialog = page.getByTestId('tours-dialog')
  await dialog.getByRole('button', { name: 'Add a visit' }).click()
  await dialog.getByLabel('Province').selectOption('YT')
  await dialog.getByLabel('City').fill('Whitehorse')
  await dialog.getByLabel('From').fill(yukonDay(0))
  await dialog.getByLabel('To').fill(yukonDay(3))
  await dialog.getByRole('button', { name: 'Save the visits' }).click()
  await expect(dialog).toHaveCount(0)
  const until = `Visiting Whitehorse until ${dayMonthText(yukonDay(3), 'en-CA')}`
  await expect(row.getByTestId('own-ad-tours')).toContainText(until)

  const visitor = await newVisitor(browser)
  await visitor.page.goto('/ca/YT/adult-buy-sell?city=Whitehorse')
  const card = adCards(visitor.page).filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('visiting')).toHaveText(until)
  await visitor.context.close()
})
