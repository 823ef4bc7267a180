// Issue 33, items 2 and 3: a French member's pay, wallet and admin screens word every status from the
// French catalog (no English status word, no raw code such as NEW or completed), and the pay page
// shows each coin's amount as text beside its address.
import type { Page } from '@playwright/test'
import { enPayments } from '#client/i18n/en-payments.ts'
import { enReview } from '#client/i18n/en-reports.ts'
import { frPayments } from '#client/i18n/fr-payments.ts'
import { frReview } from '#client/i18n/fr-reports.ts'
import { expect, test } from '#tests/support/e2e-accounts.ts'
import { E2E_ADMIN } from '#tests/support/e2e-fixtures.ts'
import { serverListing } from '#tests/support/e2e-listing.ts'

// the codes the server speaks, as they would leak onto a screen
const RAW_CODES =
  /\b(NEW|PENDING|COMPLETED|EXPIRED|INVALID|SETTLED|completed|pending_payment|live|held|removed)\b/

// every English status word of the catalogs that is not also the French word
const ENGLISH_STATUS_WORDS = [
  ...Object.values(enPayments.pay.statuses),
  ...Object.values(enPayments.wallet.statuses),
  ...Object.values(enReview.allAds.statuses),
].filter(
  (word) =>
    ![
      ...Object.values(frPayments.pay.statuses),
      ...Object.values(frPayments.wallet.statuses),
      ...Object.values(frReview.allAds.statuses),
    ].includes(word),
)

/** `scope`: where the statuses are; the admin's queue also shows ads' own texts, in any language. */
async function expectStatusesInFrench(page: Page, label: string, scope = '#main') {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA')
  const text = (await page.locator(scope).allInnerTexts()).join('\n')
  expect(text.match(RAW_CODES)?.[0], `a raw status code on ${label}`).toBeUndefined()
  for (const word of ENGLISH_STATUS_WORDS) expect(text, `English "${word}" on ${label}`).not.toContain(word)
}

test('a French member sees statuses in French on the pay, wallet and admin screens, and each coin’s amount', async ({
  page,
  context,
  accounts,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await accounts.login(page, await accounts.signUp())
  await context.addCookies([{ name: 'language', value: 'fr', url: baseURL ?? page.url() }])
  await page.evaluate(() => localStorage.setItem('language', 'fr'))

  // the pay page of a top-up
  await page.goto('/wallet')
  await page.getByLabel('Montant ($ CA)').fill('5')
  await page.getByRole('button', { name: 'Approvisionner en cryptomonnaie' }).click()
  await expect(page).toHaveURL(/\/pay\/[^?]+\?type=topup/)
  const status = page.getByTestId('payment-status')
  await expect(status).toHaveAttribute('data-status', 'NEW')
  await expect(status).toHaveText(frPayments.pay.statuses.NEW)
  for (const [coin, symbol] of [
    ['bitcoin', 'BTC'],
    ['litecoin', 'LTC'],
  ] as const) {
    await expect(page.getByTestId(`${coin}-amount`)).toHaveText(new RegExp(`^\\d+\\.\\d{8} ${symbol}$`))
    await expect(
      page.getByRole('button', { name: `Copier Montant en ${coin === 'bitcoin' ? 'Bitcoin' : 'Litecoin'}` }),
    ).toBeVisible()
  }
  await expectStatusesInFrench(page, 'the pay page')

  // the provider's page speaks French too, then the payment lands in the wallet's history
  const href = await page.getByRole('link', { name: 'Ouvrir la page de paiement' }).getAttribute('href')
  const hosted = await context.newPage()
  await hosted.goto(href ?? '')
  await expect(hosted.locator('html')).toHaveAttribute('lang', 'fr-CA')
  await expect(hosted.locator('.status')).toHaveText('En attente du paiement')
  await hosted.getByRole('button', { name: 'Simuler le paiement' }).click()
  await expect(hosted.locator('.status')).toHaveText('Payé')
  await hosted.close()
  await expect(page).toHaveURL(/\/wallet$/, { timeout: 20_000 })
  await expect(page.locator('[data-status="completed"]')).toHaveText(frPayments.wallet.statuses.completed)
  await expectStatusesInFrench(page, 'the wallet')

  // a reported live ad in the admin's review queue
  const [ad] = (await serverListing(page.request, { province: 'QC', category: 'adult-buy-sell' })).items
  if (!ad) throw new Error('no generated ads for QC')
  const report = await page.request.post(`/api/ads/${ad.id}/reports`, {
    data: { reason: 'spam', details: '' },
  })
  expect(report.ok(), await report.text()).toBe(true)
  await page.goto('/admin')
  await page.getByLabel('Nom d’utilisateur').fill(E2E_ADMIN.username)
  await page.getByLabel('Mot de passe').fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(page.getByText(`Statut : ${frReview.allAds.statuses.live}`).first()).toBeVisible()
  await expectStatusesInFrench(page, 'the admin console', '[data-status]')
})
