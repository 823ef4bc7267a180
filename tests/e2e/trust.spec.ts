import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { E2E_ADMIN, newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards, openFilters } from '#tests/support/e2e-listing.ts'
import { colourPng, postAndPay, topUpInTheApp, uniqueTitle } from '#tests/support/e2e-pay.ts'

// Verified advertisers and photo review end to end (docs/decisions/031, 032): a new advertiser's
// photo shows "under review" to a visitor until an admin approves it; the advertiser asks to be
// verified, the admin approves, and a signed-out visitor finds the ad under "Only verified ads" with
// its badge.

const LISTING = '/ca/YT/adult-buy-sell'

test('a new photo shows under review until approved; a verified advertiser’s ad is found with Only verified ads and its badge', async ({
  page,
  context,
  accounts,
  browser,
}) => {
  test.setTimeout(240_000)
  const title = uniqueTitle('Candle set')
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await topUpInTheApp(page, context, '5')
  await postAndPay(page, { title, province: 'YT', city: 'Whitehorse', photoColours: ['#c0392b'] })

  // a visitor sees the ad, its photo only as "Photo under review"
  const visitor = await newVisitor(browser)
  await visitor.page.goto(`${LISTING}?q=${encodeURIComponent(title)}`)
  const card = adCards(visitor.page).filter({ hasText: title })
  await expect(card).toHaveCount(1)
  await expect(card.getByText('Photo under review')).toBeVisible()
  await expect(card.getByText('Verified')).toHaveCount(0)

  // its owner's own ad page shows the placeholder too, not a photo a plain <img> cannot load
  const adHref = await card.getByRole('heading').getByRole('link').getAttribute('href')
  await page.goto(adHref ?? '/')
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible()
  await expect(page.locator('main').getByTestId('photo-under-review')).toBeVisible()
  await expect(page.locator('main img[src*="/media/"]')).toHaveCount(0)

  // the advertiser asks to be verified from the account menu
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Get verified' }).click()
  await expect(page.getByRole('heading', { name: 'Get verified' })).toBeVisible()
  const code = (await page.getByTestId('verification-code').textContent())?.trim() ?? ''
  expect(code).toMatch(/^[A-Z2-9]{6}$/)
  await page
    .getByLabel('Photo of you holding the code')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await colourPng(page, '#2c3e50') })
  await page.getByRole('button', { name: 'Send for review' }).click()
  await expect(toasts(page)).toContainText('Your request was sent')
  await expect(page.getByTestId('verification-status')).toContainText('waiting for an admin')

  // the admin approves the photo, then the request
  const admin = await newVisitor(browser)
  await admin.page.goto('/admin')
  await admin.page.getByLabel('Username').fill(E2E_ADMIN.username)
  await admin.page.getByLabel('Password').fill(E2E_ADMIN.password)
  await admin.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  const photos = admin.page.getByRole('region', { name: 'Photos to review' })
  const photo = photos.getByTestId('pending-photo').filter({ hasText: title })
  await photo.getByRole('button', { name: `Approve ${title}` }).click()
  await expect(toasts(admin.page)).toContainText('Decision saved')

  await visitor.page.reload()
  await expect(card.getByText('Photo under review')).toHaveCount(0)
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/[^/]+\/640\.webp$/)

  const requests = admin.page.getByRole('region', { name: 'Verification requests' })
  const request = requests.getByTestId('verification-request').filter({ hasText: owner.email })
  await expect(request).toContainText(code)
  await request.getByRole('button', { name: `Approve ${owner.email}` }).click()
  await expect(toasts(admin.page)).toContainText('Decision saved')
  await expect(request).toHaveCount(0)

  // a signed-out visitor filters "Only verified ads" and finds it with its badge
  await visitor.page.goto(LISTING)
  const filters = await openFilters(visitor.page)
  await filters.getByRole('checkbox', { name: 'Only verified ads' }).check()
  await expect(visitor.page).toHaveURL(/verified=true/)
  const verified = adCards(visitor.page).filter({ hasText: title })
  await expect(verified).toHaveCount(1)
  await expect(verified.getByText('Verified', { exact: true })).toBeVisible()
  await expect(adCards(visitor.page).filter({ hasText: 'Demo' })).toHaveCount(0)

  await page.reload()
  await expect(page.getByTestId('verification-status')).toContainText('Your account is verified')
  await visitor.context.close()
  await admin.context.close()
})
