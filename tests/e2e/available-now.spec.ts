import { expect, test } from '#tests/support/e2e-accounts.ts'
import { newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards, closeFilters, openFilters } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp, uniqueTitle } from '#tests/support/e2e-pay.ts'

// "Available now" end to end on a phone (issue 42 item 2, docs/decisions/048-advertisers.md): the
// owner switches it on from /manage with the hours they choose; a signed-out visitor sees the badge
// on the listing's card and finds the ad with the "Available now" filter.

const LISTING = '/ca/NU/adult-buy-sell'

test('an owner switches Available now on in /manage; a visitor sees the badge and filters by it @mobile', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(180_000)
  const title = uniqueTitle('Lace fan')
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'NU', city: 'Iqaluit' })

  // the visitor's listing is read (and kept by the server) before the switch
  const visitor = await newVisitor(browser)
  await visitor.page.goto(LISTING)
  const card = adCards(visitor.page).filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card.getByTestId('available-now')).toHaveCount(0)

  await page.goto('/manage')
  const row = page.getByTestId('own-ad').filter({ hasText: title })
  await row.getByLabel(`How long ${title} shows as Available now`).selectOption('2')
  await row.getByRole('button', { name: `Show ${title} as Available now` }).click()
  await expect(row.getByTestId('available-now-switch')).toContainText('Available now until')
  await expect(row.getByRole('button', { name: `Stop Available now for ${title}` })).toBeVisible()

  // the visitor reloads: the badge is on the card
  await visitor.page.reload()
  await expect(card.getByTestId('available-now')).toHaveText('Available now')

  // and the filter keeps only ads available now
  const filters = await openFilters(visitor.page)
  const box = filters.getByRole('checkbox', { name: 'Available now' })
  // a click, then the URL: the box is drawn again from the URL once the filter applies, which
  // check()'s own look at the box right after its click can miss
  await box.click()
  await expect(visitor.page).toHaveURL(/available=true/)
  await expect(box).toBeChecked()
  await closeFilters(visitor.page)
  await expect(adCards(visitor.page).filter({ hasText: title })).toHaveCount(1)
  // every card shown carries the badge, once the filtered list has replaced the whole one
  await expect
    .poll(async () => {
      const cards = await adCards(visitor.page).count()
      return cards > 0 && cards === (await adCards(visitor.page).getByTestId('available-now').count())
    })
    .toBe(true)

  // its page carries the badge too
  await adCards(visitor.page).filter({ hasText: title }).getByRole('heading').getByRole('link').click()
  await expect(visitor.page.getByRole('dialog').getByTestId('available-now')).toBeVisible()
  await visitor.context.close()
})
