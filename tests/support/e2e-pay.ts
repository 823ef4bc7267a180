// The steps of the payment journeys (tests/e2e/pay*.spec.ts) against the real server and its sandbox
// payment provider: posting an ad to checkout, settling on the provider's hosted page, topping up,
// and getting ready to pay offline. The wallet is read from the server with the page's own session.
import type { BrowserContext, Page } from '@playwright/test'
import { WalletSchema } from '#domain/api/wallet.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { type Accounts, expect, toasts } from './e2e-accounts.ts'
import { chooseProvince } from './e2e-post-form.ts'

type MinimalAd = { title: string; city: string; price: string }

/** On /post: fills a minimal ad in the Northwest Territories (the listing journeys read the seeded provinces, which must stay still) (with a description when given) and presses Continue. */
async function continueToCheckout(page: Page, ad: MinimalAd, description?: string) {
  const scope = page.locator('#main form')
  await scope.getByLabel('Title', { exact: true }).fill(ad.title)
  await chooseProvince(scope, 'NT')
  await scope.getByLabel('City', { exact: true }).fill(ad.city)
  await scope.getByLabel('Price (CAD)').fill(ad.price)
  if (description !== undefined) await scope.getByLabel('Description').fill(description)
  await scope.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\?type=post/)
}

export function uniqueTitle(what: string): string {
  return `${what} ${Math.random().toString(36).slice(2, 7)}`
}

/** The wallet as the server has it, read with the page's own session. */
export async function serverWallet(page: Page) {
  const body = await page.evaluate(async (key) => {
    const res = await fetch('/api/wallet/', {
      headers: { Authorization: `Bearer ${localStorage.getItem(key)}` },
    })
    return res.json() as Promise<unknown>
  }, STORAGE_KEYS.authToken)
  return WalletSchema.parse(body)
}

/** Fills /post with a minimal ad (and its description, when given) and presses Continue. */
export async function postAd(page: Page, ad: MinimalAd & { description?: string }) {
  await page.goto('/post')
  await continueToCheckout(page, ad, ad.description ?? 'Clean and working, pick up downtown.')
}

/** Opens the provider's hosted page from the pay page's link and presses Simulate payment. */
export async function simulatePayment(page: Page, context: BrowserContext) {
  const href = await page.getByRole('link', { name: 'Open the payment page' }).getAttribute('href')
  expect(href).toMatch(/\/api\/payments\/sandbox\//)
  const hosted = await context.newPage()
  await hosted.goto(href ?? '')
  await hosted.getByRole('button', { name: 'Simulate payment' }).click()
  await hosted.waitForLoadState()
  await hosted.close()
}

export async function topUpInTheApp(page: Page, context: BrowserContext, dollars: string) {
  await page.goto('/wallet')
  await page.getByLabel('Amount (CAD)').fill(dollars)
  await page.getByRole('button', { name: 'Top up with crypto' }).click()
  await expect(page).toHaveURL(/\/pay\/[^?]+\?type=topup/)
  await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'NEW')
  await simulatePayment(page, context)
  await expect(toasts(page)).toContainText('Top-up confirmed', { timeout: 15_000 })
  await expect(page).toHaveURL(/\/wallet$/)
}

export async function signedIn(page: Page, accounts: Pick<Accounts, 'signUp' | 'login'>) {
  const user = await accounts.signUp()
  await accounts.login(page, user)
  return user
}

/** A signed-in user with $5 in the wallet, on /post, with the app cached by the service worker. */
export async function readyForOffline(
  page: Page,
  context: BrowserContext,
  accounts: Pick<Accounts, 'signUp' | 'login'>,
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
export function savedOrderNotice(page: Page) {
  return page
    .locator('#main')
    .getByRole('status')
    .filter({ hasText: 'Order saved for when you are back online' })
}

/** Offline, on /post: fills a minimal ad, continues to checkout and pays from the wallet; the order is saved. */
export async function placeOrderOffline(page: Page, ad: MinimalAd) {
  await continueToCheckout(page, ad)
  await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
  await expect(savedOrderNotice(page)).toBeVisible()
}

export interface AdToPost {
  title: string
  /** a territory (YT, NT, NU): the listing journeys read the seeded provinces, which must stay still */
  province: 'YT' | 'NT' | 'NU'
  city: string
  phone?: string
  /** photos to pick in the form, drawn in the page (one colour each) */
  photoColours?: string[]
}

/** A PNG of one colour, drawn by the page's own canvas. */
export async function colourPng(page: Page, colour: string): Promise<Buffer> {
  const base64 = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas')
    canvas.width = 1200
    canvas.height = 900
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.fillStyle = fill
    context.fillRect(0, 0, 1200, 900)
    return canvas.toDataURL('image/png').split(',')[1] ?? ''
  }, colour)
  return Buffer.from(base64, 'base64')
}

/** Fills /post, continues to checkout and pays the $2 fee from the wallet; lands on the ad's listing. */
export async function postAndPay(page: Page, ad: AdToPost): Promise<void> {
  await page.goto('/post')
  const form = page.locator('#main form')
  await form.getByLabel('Title', { exact: true }).fill(ad.title)
  await chooseProvince(form, ad.province)
  await form.getByLabel('City', { exact: true }).fill(ad.city)
  await form.getByLabel('Price (CAD)').fill('45')
  await form.getByLabel('Description').fill('Hand-poured, unscented, pick up downtown.')
  if (ad.phone) await form.getByLabel('Phone').fill(ad.phone)
  for (const [i, colour] of (ad.photoColours ?? []).entries()) {
    const buffer = await colourPng(page, colour)
    await form
      .locator('input[type="file"][accept="image/*"]')
      .setInputFiles({ name: `photo-${i}.png`, mimeType: 'image/png', buffer })
    await expect(page.getByRole('img', { name: `Photo ${i + 1}` })).toBeVisible()
  }
  await form.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/checkout\?type=post/)
  await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
  await expect(page).toHaveURL(new RegExp(`/ca/${ad.province}/adult-buy-sell$`))
}
