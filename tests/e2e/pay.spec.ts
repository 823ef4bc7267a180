import { STORAGE_KEYS } from '#domain/constants.ts'
import { expect, expectNoSeriousA11yViolations, test, toasts } from '#tests/support/e2e-accounts.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { postAd, serverWallet, signedIn, simulatePayment, uniqueTitle } from '#tests/support/e2e-pay.ts'

// Checkout, crypto pay page and wallet (issue 5) against the real server
// and its sandbox payment provider: every payment is settled by pressing "Simulate payment" on the
// provider's hosted page, as a tester would. The wallet is read from the server after every step.
// Paying offline is in pay-offline.spec.ts.

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
    // own-1 was an ad kept only in a browser: the server would take the fee and bump nothing
    await expect(page.getByRole('heading', { name: 'No ad to bump' })).toBeVisible()
    await expect(page.getByText('This link does not name one of your ads.')).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
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
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'NEW')
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
    await expect(adCards(page).filter({ hasText: title }).getByTestId('ad-price')).toHaveText('$45')
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
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'NEW')
    await simulatePayment(page, context)
    await expect(page).toHaveURL(/\/ca\/NT\/[a-z-]+$/, { timeout: 15_000 })
    // other journeys post in parallel: find the ad by its unique title
    await expect(adCards(page).filter({ hasText: title }).getByTestId('ad-price')).toHaveText('$120')
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
})
