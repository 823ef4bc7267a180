import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import {
  placeOrderOffline,
  readyForOffline,
  savedOrderNotice,
  serverWallet,
  uniqueTitle,
} from '#tests/support/e2e-pay.ts'

// Paying while offline: an order placed offline is saved on the device and paid once from the wallet
// when the connection is back, against the real server (see pay.spec.ts for the online journeys).

test.describe('checkout, crypto and wallet', () => {
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
