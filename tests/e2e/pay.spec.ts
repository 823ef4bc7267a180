import type { BrowserContext, Page } from '@playwright/test'
import { WalletSchema } from '#domain/api/wallet.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import {
  expect,
  expectNoSeriousA11yViolations,
  type TestUser,
  test,
  toasts,
} from '#tests/support/e2e-accounts.ts'
import { adCards, cardPrices, cardTitles } from '#tests/support/e2e-listing.ts'

// Checkout, crypto pay page and wallet (issue 5) against the real server
// and its sandbox payment provider: every payment is settled by pressing "Simulate payment" on the
// provider's hosted page, as a tester would. The wallet is read from the server after every step.

function uniqueTitle(what: string): string {
  return `${what} ${Math.random().toString(36).slice(2, 7)}`
}

/** The wallet as the server has it, read with the page's own session. */
async function serverWallet(page: Page) {
  const body = await page.evaluate(async (key) => {
    const res = await fetch('/api/wallet/', {
      headers: { Authorization: `Bearer ${localStorage.getItem(key)}` },
    })
    return res.json() as Promise<unknown>
  }, STORAGE_KEYS.authToken)
  return WalletSchema.parse(body)
}

/** Fills /post with a minimal ad and presses Continue. */
async function postAd(page: Page, ad: { title: string; city: string; price: string }) {
  await page.goto('/post')
  const scope = page.locator('#main form')
  await scope.getByLabel('Title', { exact: true }).fill(ad.title)
  await scope.getByLabel('Province', { exact: true }).selectOption('NT')
  await scope.getByLabel('City', { exact: true }).fill(ad.city)
  await scope.getByLabel('Price (CAD)').fill(ad.price)
  await scope.getByLabel('Description').fill('Clean and working, pick up downtown.')
  await scope.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\?type=post/)
}

/** Opens the provider's hosted page from the pay page's link and presses Simulate payment. */
async function simulatePayment(page: Page, context: BrowserContext) {
  const href = await page.getByRole('link', { name: 'Open the payment page' }).getAttribute('href')
  expect(href).toMatch(/\/api\/payments\/sandbox\//)
  const hosted = await context.newPage()
  await hosted.goto(href ?? '')
  await hosted.getByRole('button', { name: 'Simulate payment' }).click()
  await hosted.waitForLoadState()
  await hosted.close()
}

async function topUpInTheApp(page: Page, context: BrowserContext, dollars: string) {
  await page.goto('/wallet')
  await page.getByLabel('Amount (CAD)').fill(dollars)
  await page.getByRole('button', { name: 'Top up with crypto' }).click()
  await expect(page).toHaveURL(/\/pay\/[^?]+\?type=topup/)
  await expect(page.getByTestId('payment-status')).toHaveText('NEW')
  await simulatePayment(page, context)
  await expect(toasts(page)).toContainText('Top-up confirmed', { timeout: 15_000 })
  await expect(page).toHaveURL(/\/wallet$/)
}

async function signedIn(
  page: Page,
  accounts: { signUp(): Promise<TestUser>; login(p: Page, u: TestUser): Promise<void> },
) {
  const user = await accounts.signUp()
  await accounts.login(page, user)
  return user
}

/** A signed-in user with $5 in the wallet, on /post, with the app cached by the service worker. */
async function readyForOffline(
  page: Page,
  context: BrowserContext,
  accounts: { signUp(): Promise<TestUser>; login(p: Page, u: TestUser): Promise<void> },
) {
  await signedIn(page, accounts)
  await topUpInTheApp(page, context, '5')
  await expect(page.getByTestId('wallet-balance')).toHaveText('$5.00')
  // the persisted query cache is written on a short throttle: let it catch up before leaving
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('query_cache') ?? ''))
    .toContain('"balance_cad":5')

  // one online visit so the service worker controls the page and has the app cached
  await page.goto('/post')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
  await page.reload()
  await expect(page.locator('#main form').getByLabel('Title', { exact: true })).toBeVisible()
}

/** The checkout page's notice that an order placed offline is kept for later. */
function savedOrderNotice(page: Page) {
  return page
    .locator('#main')
    .getByRole('status')
    .filter({ hasText: 'Order saved for when you are back online' })
}

/** Offline, on /post: fills a minimal ad, continues to checkout and pays from the wallet; the order is saved. */
async function placeOrderOffline(page: Page, ad: { title: string; city: string; price: string }) {
  const scope = page.locator('#main form')
  await scope.getByLabel('Title', { exact: true }).fill(ad.title)
  await scope.getByLabel('Province', { exact: true }).selectOption('NT')
  await scope.getByLabel('City', { exact: true }).fill(ad.city)
  await scope.getByLabel('Price (CAD)').fill(ad.price)
  await scope.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\?type=post/)
  await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
  await expect(savedOrderNotice(page)).toBeVisible()
}

test.describe('checkout, crypto and wallet', () => {
  test('signed out, checkout says Sign in required and comes back after signing in', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signUp()
    await page.goto('/checkout?type=bump&adId=own-1')
    await expect(toasts(page)).toContainText('Sign in required')
    await expect(page).toHaveURL(/\/login\?/)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/checkout\?type=bump&adId=own-1/)
    await expect(page.getByTestId('checkout-fee')).toHaveText('$1.00')
  })

  test('top up $10 by crypto, post by wallet, bump by wallet, edit, delete', async ({
    page,
    context,
    accounts,
  }) => {
    test.setTimeout(120_000)
    await signedIn(page, accounts)

    await page.goto('/wallet')
    await expect(page.getByTestId('wallet-balance')).toHaveText('$0.00')
    await expect(page.getByText('No transactions yet.')).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/wallet')

    // below the minimum
    await page.getByLabel('Amount (CAD)').fill('4')
    await page.getByRole('button', { name: 'Top up with crypto' }).click()
    await expect(toasts(page)).toContainText('Minimum load is $5')
    await expect(page).toHaveURL(/\/wallet$/)

    // the pay page: NEW, a QR code per coin drawn here, both addresses with copy buttons, the hosted link
    await page.getByLabel('Amount (CAD)').fill('10')
    await page.getByRole('button', { name: 'Top up with crypto' }).click()
    await expect(page).toHaveURL(/\/pay\/[^?]+\?type=topup/)
    await expect(page.getByTestId('payment-status')).toHaveText('NEW')
    for (const coin of ['Bitcoin', 'Litecoin']) {
      const qr = page.getByRole('img', { name: `QR code for the ${coin} payment` })
      await expect(qr).toBeVisible()
      await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml/)
      await expect(page.getByRole('button', { name: `Copy ${coin} address` })).toBeVisible()
    }
    await expect(page.getByTestId('bitcoin-address')).not.toBeEmpty()
    await expect(page.getByTestId('litecoin-address')).not.toBeEmpty()
    await expectNoSeriousA11yViolations(page, '/pay')
    // 'Check now' before paying: the server says the status
    await page.getByRole('button', { name: 'I have paid: check now' }).click()
    await expect(toasts(page)).toContainText('Not confirmed yet')
    await expect(toasts(page)).toContainText('Payment not confirmed yet (status NEW)')

    await simulatePayment(page, context)
    await expect(toasts(page)).toContainText('Top-up confirmed', { timeout: 15_000 })
    await expect(page).toHaveURL(/\/wallet$/)
    await expect(page.getByTestId('wallet-balance')).toHaveText('$10.00')
    await expect(page.getByTestId('wallet-transactions').getByRole('listitem')).toHaveCount(1)
    await expect(page.getByTestId('wallet-transactions')).toContainText('+$10.00')
    expect((await serverWallet(page)).balance_cad).toBe(10)

    // post by wallet: the ad leads its listing
    const title = uniqueTitle('Brass floor lamp')
    await postAd(page, { title, city: 'Yellowknife', price: '45' })
    await expect(page.getByTestId('checkout-fee')).toHaveText('$2.00')
    await expect(page.getByText('Balance: $10.00')).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/checkout')
    await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
    await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/)
    // other journeys post in parallel: find the ad by its unique title
    await expect(adCards(page).filter({ hasText: title })).toContainText('$45 / unit')
    await expect(adCards(page).filter({ hasText: title })).toContainText('Yellowknife, NT')
    let wallet = await serverWallet(page)
    expect(wallet.balance_cad).toBe(8)
    expect(wallet.transactions.map((t) => [t.type, t.amount_cad, t.method])).toEqual([
      ['post', 2, 'wallet'],
      ['topup', 10, 'crypto'],
    ])

    // bump by wallet from /manage
    await page.goto('/manage')
    await page.getByRole('button', { name: `Bump ${title} to the top for $1` }).click()
    await expect(page).toHaveURL(/\/checkout\?type=bump&adId=/)
    await expect(page.getByTestId('checkout-fee')).toHaveText('$1.00')
    await page.getByRole('button', { name: 'Pay $1.00 from wallet' }).click()
    await expect(page).toHaveURL(/\/manage$/)
    wallet = await serverWallet(page)
    expect(wallet.balance_cad).toBe(7)
    expect(wallet.transactions.map((t) => [t.type, t.amount_cad])).toEqual([
      ['bump', 1],
      ['post', 2],
      ['topup', 10],
    ])
    await page.goto('/wallet')
    await expect(page.getByTestId('wallet-balance')).toHaveText('$7.00')
    await expect(page.getByTestId('wallet-transactions')).toContainText('−$1.00')
    await expect(page.getByTestId('wallet-transactions')).toContainText('−$2.00')

    // edit, then delete
    await page.goto('/manage')
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await page.locator('#main form').getByLabel('Price (CAD)').fill('50')
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toasts(page)).toContainText('Ad updated')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await page
      .getByRole('dialog', { name: 'Delete this ad?' })
      .getByRole('button', { name: 'Delete ad' })
      .click()
    await expect(toasts(page)).toContainText('Ad deleted')
    await expect(page.getByRole('heading', { name: title })).toHaveCount(0)
    expect((await serverWallet(page)).balance_cad).toBe(7)
  })

  test('post by crypto: the server publishes the ad once the provider settles @mobile', async ({
    page,
    context,
    accounts,
  }) => {
    test.setTimeout(90_000)
    await signedIn(page, accounts)
    const title = uniqueTitle('Velvet armchair')
    await postAd(page, { title, city: 'Yellowknife', price: '120' })
    await page.getByRole('button', { name: 'Pay $2.00 with crypto' }).click()
    await expect(page).toHaveURL(/\/pay\/[^?]+\?type=post/)
    await expect(page.getByTestId('payment-status')).toHaveText('NEW')
    await simulatePayment(page, context)
    await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/, { timeout: 15_000 })
    await expect(adCards(page).filter({ hasText: title })).toContainText('$120 / unit')
    await expect(adCards(page).filter({ hasText: title })).toContainText('Yellowknife, NT')
    // the draft was used up
    expect(await page.evaluate((key) => sessionStorage.getItem(key), STORAGE_KEYS.checkoutDraft)).toBeNull()
    const wallet = await serverWallet(page)
    expect(wallet.balance_cad).toBe(0)
    expect(wallet.transactions.map((t) => [t.type, t.amount_cad, t.method])).toEqual([['post', 2, 'crypto']])
  })

  test('insufficient balance: Wallet payment failed, with a way to top up', async ({ page, accounts }) => {
    await signedIn(page, accounts)
    await postAd(page, { title: uniqueTitle('Oak side table'), city: 'Yellowknife', price: '30' })
    await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
    await expect(toasts(page)).toContainText('Wallet payment failed')
    await expect(toasts(page)).toContainText('Insufficient balance')
    await expect(page).toHaveURL(/\/checkout\?type=post/)
    await page.getByRole('alert').getByRole('link', { name: 'Top up your wallet' }).first().click()
    await expect(page).toHaveURL(/\/wallet$/)
    expect((await serverWallet(page)).transactions).toEqual([])
  })

  test('offline: an order placed offline survives an offline reload and is paid once when back online', async ({
    page,
    context,
    accounts,
  }) => {
    test.setTimeout(120_000)
    await readyForOffline(page, context, accounts)

    const title = uniqueTitle('Offline bookshelf')
    await context.setOffline(true)
    try {
      // the wallet shows its last known balance, marked as not current
      await page.goto('/wallet')
      await expect(page.getByTestId('wallet-balance')).toHaveText('$5.00')
      await expect(page.getByText('Last known balance, not current: you are offline.')).toBeVisible()
      await expect(page.getByRole('button', { name: 'Top up with crypto' })).toBeDisabled()

      await page.goto('/post')
      await placeOrderOffline(page, { title, city: 'Yellowknife', price: '60' })
      // a second tap while offline does not make a second order
      await expect(page.getByRole('button', { name: 'Pay $2.00 from wallet' })).toBeDisabled()

      await page.reload()
      await expect(savedOrderNotice(page)).toBeVisible()
    } finally {
      await context.setOffline(false)
    }

    await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/, { timeout: 20_000 })
    await expect(adCards(page).filter({ hasText: title })).toBeVisible()
    const wallet = await serverWallet(page)
    expect(wallet.balance_cad).toBe(3)
    expect(wallet.transactions.filter((t) => t.type === 'post')).toHaveLength(1)
    // nothing left queued on the device
    await page.goto('/checkout?type=post')
    await expect(page.getByText('No ad to pay for')).toBeVisible()
  })
  test('offline: an order placed offline is paid once from another page when back online, with a toast', async ({
    page,
    context,
    accounts,
  }) => {
    test.setTimeout(120_000)
    await readyForOffline(page, context, accounts)
    const title = uniqueTitle('Offline armchair')
    await context.setOffline(true)
    try {
      await placeOrderOffline(page, { title, city: 'Yellowknife', price: '80' })

      // the user moves on: the notice follows them while they are offline
      await page.goto('/')
      await expect(
        page.getByRole('status').filter({ hasText: "1 payment will continue when you're back online" }),
      ).toBeVisible()
    } finally {
      await context.setOffline(false)
    }

    // paid from the home page: told with a toast linking to the ad, and left where they were
    await expect(toasts(page)).toContainText('Ad published', { timeout: 20_000 })
    await expect(toasts(page)).toContainText('Your saved order was paid: your ad is live.')
    await expect(page).toHaveURL(/\/$/)
    // the toast is short-lived: follow its link first, then read the server
    await toasts(page).getByRole('link', { name: 'View your ad' }).click()
    await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/)
    await expect(page.getByTestId('pending-payments-notice')).toHaveCount(0)
    const wallet = await serverWallet(page)
    expect(wallet.balance_cad).toBe(3)
    expect(wallet.transactions.filter((t) => t.type === 'post')).toHaveLength(1)
    await expect(adCards(page).filter({ hasText: title })).toBeVisible()
    // reloading online pays nothing more
    await page.reload()
    await expect
      .poll(async () => (await serverWallet(page)).transactions.filter((t) => t.type === 'post'))
      .toHaveLength(1)
  })
})
