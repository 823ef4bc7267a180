// Money for e2e journeys through the app itself: a crypto top-up on /wallet, settled by pressing
// "Simulate payment" on the sandbox provider's hosted page, as a tester would.
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
