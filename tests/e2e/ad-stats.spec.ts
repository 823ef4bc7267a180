import { expect, test } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp, uniqueTitle } from '#tests/support/e2e-pay.ts'

// Stats for each ad on a phone (issue 42 item 1, docs/decisions/053-ad-stats.md): a visitor opens the
// ad, and its owner reads the view on /manage, in the totals and a chart that fits the screen.

const LISTING = '/ca/NU/adult-buy-sell'

test('an owner reads on /manage the views of their ad, in totals and a chart that fits the phone @mobile', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(180_000)
  const title = uniqueTitle('Satin mask')
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'NU', city: 'Iqaluit' })

  // a visitor opens the ad in the listing's dialog, then leaves: the app sends the visit's views in one
  // beacon as the page goes (Playwright does not report a request sent by a page being left, so the
  // owner's figure below is what shows it arrived)
  const visitor = await newVisitor(browser)
  await visitor.page.goto(LISTING)
  await adCards(visitor.page).getByRole('link', { name: title, exact: true }).click()
  await expect(visitor.page.getByRole('dialog', { name: title })).toBeVisible()
  await visitor.page.goto('about:blank')

  // the narrowest phone the app is made for
  await page.setViewportSize({ width: 360, height: 740 })
  const dialog = page.getByRole('dialog', { name: `Stats: ${title}` })
  // the beacon leaves as the visitor's page goes and may land a moment after: read again until it has
  await expect(async () => {
    await page.goto('/manage')
    const row = page.getByTestId('own-ad').filter({ hasText: title })
    await row.getByRole('button', { name: `Stats of ${title}` }).click()
    await expect(dialog.getByTestId('ad-stats-total-views')).toHaveText('1', { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
  await expect(dialog.getByTestId('ad-stats-total-reveals')).toHaveText('0')
  await expect(dialog.getByTestId('ad-stats-totals')).toContainText('Favourites kept')
  // the chart is drawn, as wide as the dialog allows and no wider than the screen
  const chart = dialog.getByTestId('ad-stats-chart')
  await expect(chart.locator('svg.recharts-surface').first()).toBeVisible()
  const box = await chart.boundingBox()
  const width = page.viewportSize()?.width ?? 0
  expect(box?.width ?? 0).toBeGreaterThan(200)
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width)
  // today's bar, the one view
  await expect(chart.locator('.recharts-bar-rectangle path').first()).toBeVisible()
  // and for a screen reader, the same days as a table: today last, one view
  const today = dialog.getByRole('table', { name: 'Each day' }).getByRole('row').last()
  await expect(today.getByRole('cell').first()).toHaveText('1')
  await visitor.context.close()
})
