// Issue 33, item 4: every main page fits the screen, from a 1280 px desktop down to a 360 px phone, in
// English and in French (whose words are longer), signed in and signed out: nothing scrolls sideways.
import type { Page } from '@playwright/test'
import { adPath } from '#domain/ad-path.ts'
import { type Accounts, expect, test } from '#tests/support/e2e-accounts.ts'
import { serverListing } from '#tests/support/e2e-listing.ts'

const WIDTHS = [1280, 1024, 768, 390, 360] as const

/** The page's own width against the window's: what a sideways scroll would need. */
async function overflowAt(page: Page, width: number): Promise<string | null> {
  await page.setViewportSize({ width, height: 800 })
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }))
  return scrollWidth <= clientWidth ? null : `${width}px: ${scrollWidth} > ${clientWidth}`
}

async function pagesToVisit(page: Page): Promise<[string, string][]> {
  const [ad] = (await serverListing(page.request, { province: 'ON', category: 'adult-buy-sell' })).items
  if (!ad) throw new Error('no generated ads for ON')
  return [
    ['home', '/'],
    ['listing', '/ca/ON/adult-buy-sell'],
    ['ad', adPath(ad)],
    ['post', '/post'],
    ['manage', '/manage'],
    ['wallet', '/wallet'],
    ['checkout', '/checkout?type=post'],
    ['admin', '/admin'],
  ]
}

async function expectEveryPageFits(page: Page, language: 'en' | 'fr') {
  if (language === 'fr') {
    // the app's EN/FR switch keeps the choice here, and the server renders pages in it
    await page.addInitScript(() => localStorage.setItem('language', 'fr'))
    await page.context().addCookies([{ name: 'language', value: 'fr', url: page.url() }])
  }
  const problems: string[] = []
  for (const [name, path] of await pagesToVisit(page)) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(path)
    await expect(page.locator('html')).toHaveAttribute('lang', language === 'fr' ? 'fr-CA' : 'en-CA')
    await expect(page.locator('#main')).toBeVisible()
    // the page's texts are in before it is measured
    await page.waitForLoadState('networkidle')
    for (const width of WIDTHS) {
      const problem = await overflowAt(page, width)
      if (problem) problems.push(`${name} (${path}) at ${problem}`)
    }
  }
  expect(problems, `pages scrolling sideways in ${language}`).toEqual([])
}

async function signIn(page: Page, accounts: Accounts) {
  await accounts.login(page, await accounts.signUp())
}

test.describe('every main page fits every width', () => {
  for (const language of ['en', 'fr'] as const) {
    test(`signed out, in ${language === 'en' ? 'English' : 'French'}`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.goto('/')
      await expectEveryPageFits(page, language)
    })

    test(`signed in, in ${language === 'en' ? 'English' : 'French'}`, async ({ page, accounts }) => {
      test.setTimeout(150_000)
      await signIn(page, accounts)
      await expectEveryPageFits(page, language)
    })
  }
})
