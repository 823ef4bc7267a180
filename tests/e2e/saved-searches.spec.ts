// Saved searches (issue 41 item 2, docs/decisions/052-saved-searches.md): signed out, "Save this search"
// leads to sign-in and back; signed in, the search is kept once, listed on /searches by what it
// searches, opens its listing, and is deleted from there. Its e-mail alert (issue 41 item 3,
// docs/decisions/054-alerts.md) arrives when another account publishes a matching ad.
import { test as accountsTest, expect, toasts } from '#tests/support/e2e-accounts.ts'
import { isMobileProject, makeOutbox, newVisitor } from '#tests/support/e2e-fixtures.ts'
import { postAndPay, topUpInTheApp } from '#tests/support/e2e-pay.ts'

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

test('an e-mail alert arrives when another account publishes a matching ad, and its link turns it off @mobile', async ({
  page,
  accounts,
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  const word = `opal${Math.random().toString(36).slice(2, 8)}`
  const listing = `/ca/NT/adult-buy-sell?q=${word}`
  const reader = await accounts.signUp()
  await accounts.login(page, reader)
  await page.goto(listing)
  await page.getByRole('button', { name: 'Save this search' }).click()
  await expect(toasts(page)).toContainText('Search saved')
  await page.goto('/searches')
  const item = page.getByTestId('saved-searches-list').getByTestId('saved-search').first()
  const saved = (field: string) =>
    page.waitForResponse(
      (response) =>
        response.request().method() === 'PATCH' &&
        response.url().includes('/api/account/searches/') &&
        (response.request().postData() ?? '').includes(field),
    )
  const alertSaved = saved('alert')
  await item.getByLabel('Alert').selectOption('email')
  expect((await alertSaved).ok()).toBe(true)
  const frequencySaved = saved('frequency')
  await item.getByLabel('How often').selectOption('instant')
  expect((await frequencySaved).ok()).toBe(true)

  // another account publishes a matching ad, paid from its wallet
  const seller = await newVisitor(browser)
  await accounts.login(seller.page, await accounts.signUp())
  await topUpInTheApp(seller.page, seller.context, '5')
  const title = `Fire ${word} ring`
  await postAndPay(seller.page, { title, province: 'NT', city: 'Yellowknife' })
  await seller.context.close()

  const outbox = makeOutbox(request)
  const mail = await outbox.waitFor(reader.email, (m) => m.subject.startsWith('New ad:'), 30_000)
  expect(mail.subject).toBe(`New ad: Northwest Territories · Adult Buy & Sell · "${word}"`)
  expect(mail.text).toContain(title)
  const unsubscribe = /(https?:\/\/\S+\/api\/searches\/unsubscribe\?token=\S+)/.exec(mail.text)?.[1]
  expect(unsubscribe).toBeTruthy()

  // the link, opened from the mail without signing in, turns the alert off
  const stranger = await newVisitor(browser)
  const url = new URL(unsubscribe ?? '')
  await stranger.page.goto(`${url.pathname}${url.search}`)
  await expect(stranger.page.getByRole('heading', { name: 'E-mail alert turned off' })).toBeVisible()
  await stranger.context.close()
  await page.reload()
  await expect(item.getByLabel('Alert')).toHaveValue('none')
})
