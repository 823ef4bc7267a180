// Money and ads for e2e journeys through the app itself: a crypto top-up on /wallet, settled by
// pressing "Simulate payment" on the sandbox provider's hosted page, as a tester would, and a post
// paid from the wallet.
import { type BrowserContext, expect, type Page } from '@playwright/test'
import { toasts } from './e2e-accounts.ts'

/** Opens the provider's hosted page from the pay page's link and presses Simulate payment. */
export async function simulatePayment(page: Page, context: BrowserContext): Promise<void> {
  const href = await page.getByRole('link', { name: 'Open the payment page' }).getAttribute('href')
  expect(href).toMatch(/\/api\/payments\/sandbox\//)
  const hosted = await context.newPage()
  await hosted.goto(href ?? '')
  await hosted.getByRole('button', { name: 'Simulate payment' }).click()
  await hosted.waitForLoadState()
  await hosted.close()
}

export async function topUpInTheApp(page: Page, context: BrowserContext, dollars: string): Promise<void> {
  await page.goto('/wallet')
  await page.getByLabel('Amount (CAD)').fill(dollars)
  await page.getByRole('button', { name: 'Top up with crypto' }).click()
  await expect(page).toHaveURL(/\/pay\/[^?]+\?type=topup/)
  await expect(page.getByTestId('payment-status')).toHaveText('NEW')
  await simulatePayment(page, context)
  await expect(toasts(page)).toContainText('Top-up confirmed', { timeout: 15_000 })
  await expect(page).toHaveURL(/\/wallet$/)
}

export interface AdToPost {
  title: string
  /** a territory (YT, NT, NU): the listing journeys read the seeded provinces, which must stay still */
  province: 'YT' | 'NT' | 'NU'
  city: string
  phone?: string
}

/** Fills /post, continues to checkout and pays the $2 fee from the wallet; lands on the ad's listing. */
export async function postAndPay(page: Page, ad: AdToPost): Promise<void> {
  await page.goto('/post')
  const form = page.locator('#main form')
  await form.getByLabel('Title', { exact: true }).fill(ad.title)
  await form.getByLabel('Province', { exact: true }).selectOption(ad.province)
  await form.getByLabel('City', { exact: true }).fill(ad.city)
  await form.getByLabel('Price (CAD)').fill('45')
  await form.getByLabel('Description').fill('Hand-poured, unscented, pick up downtown.')
  if (ad.phone) await form.getByLabel('Phone').fill(ad.phone)
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\?type=post/)
  await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
  await expect(page).toHaveURL(new RegExp(`/ca/${ad.province}/adult-buy-sell$`))
}
