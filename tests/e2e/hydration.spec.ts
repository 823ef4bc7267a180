import type { Page } from '@playwright/test'
import { HYDRATION_REPORT } from '#client/lib/hydration-report.ts'
import { adPath } from '#domain/ad-path.ts'
import { expect, test } from '#tests/support/e2e-accounts.ts'
import { adultCookie, watchHydration } from '#tests/support/e2e-fixtures.ts'
import { serverListing } from '#tests/support/e2e-listing.ts'

// The app adopts the markup the server drew (the home pre-rendered at build, listing and ad pages per
// request) and reports any part its first render draws differently (src/client/lib/hydration-report.ts):
// every journey fails on such a report (tests/support/e2e-fixtures.ts). These walk the three drawn
// pages in both languages, signed out and signed in, and show that a mismatch is indeed reported.

const LISTING = '/ca/ON/adult-buy-sell'

async function drawnPages(request: Parameters<typeof serverListing>[0]): Promise<string[]> {
  const listing = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
  const ad = listing.items[0]
  if (!ad) throw new Error('no ad on the listing')
  return ['/', LISTING, adPath(ad)]
}

/** Opens each page, starts the app as a first touch would, and returns what it reported. */
async function visitAll(page: Page, paths: string[]): Promise<string[]> {
  const reports = watchHydration(page)
  for (const path of paths) {
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('data-app', 'ready')
    // React reports a mismatch as it adopts the part, which may come after the layout is ready
    await page.waitForTimeout(300)
  }
  return reports
}

/** The language switch's choice, as the app keeps it and the server reads it (decision 016). */
async function chooseLanguage(page: Page, language: 'en' | 'fr', baseURL: string | undefined): Promise<void> {
  await page.addInitScript((lang) => localStorage.setItem('language', lang), language)
  await page.context().addCookies([{ name: 'language', value: language, url: baseURL ?? '' }])
}

for (const language of ['en', 'fr'] as const) {
  test.describe(`the drawn pages in ${language === 'en' ? 'English' : 'French'}`, () => {
    test('are adopted as drawn for a signed-out visitor', async ({ page, request, baseURL }) => {
      await chooseLanguage(page, language, baseURL)
      expect(await visitAll(page, await drawnPages(request))).toEqual([])
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en-CA' : 'fr-CA')
    })

    test('are adopted as drawn for a signed-in visitor', async ({ page, request, accounts, baseURL }) => {
      const user = await accounts.signUp()
      // signed in through the English form first: the journey helper reads its English labels
      await accounts.login(page, user)
      await chooseLanguage(page, language, baseURL)
      expect(await visitAll(page, await drawnPages(request))).toEqual([])
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'en' ? 'en-CA' : 'fr-CA')
    })
  })
}

test('a page whose markup differs from the app’s first render is reported', async ({ browser, baseURL }) => {
  // another context, outside the journeys' own check: this page is meant to fail it
  const context = await browser.newContext()
  const page = await context.newPage()
  // the home as sent, with one word of its heading changed: React must draw that part again and say so
  await page.route('**/', async (route) => {
    const answer = await route.fetch()
    const html = (await answer.text()).replace(/(<h1[^>]*>)([^<]+)/, '$1Tampered $2')
    await route.fulfill({ response: answer, body: html })
  })
  await context.addCookies([adultCookie(baseURL)])
  const reports = watchHydration(page)
  await page.goto('/')
  await page.keyboard.press('Shift')
  await expect.poll(() => reports.length).toBeGreaterThan(0)
  expect(reports[0]).toContain(HYDRATION_REPORT)
  await context.close()
})
