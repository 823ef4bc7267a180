import { expect, test } from '#tests/support/e2e-accounts.ts'
import { adultCookie, watchHeaderWarnings } from '#tests/support/e2e-fixtures.ts'

// The browser reads our headers on every page; one it cannot make sense of (a Permissions-Policy
// feature it does not know) is a console warning on every page, which every journey fails on
// (tests/support/e2e-fixtures.ts). These show the pages as sent say nothing, and that such a
// warning is indeed caught.

test('the home, a listing and the API docs draw no warning about our headers', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext()
  await context.addCookies([adultCookie(baseURL)])
  const page = await context.newPage()
  const warnings = watchHeaderWarnings(page)
  for (const path of ['/', '/ca/ON/adult-buy-sell', '/api/docs/']) {
    const answer = await page.goto(path)
    expect(answer?.headers()['permissions-policy']).toContain('camera=()')
  }
  expect(warnings).toEqual([])
  await context.close()
})

test('a Permissions-Policy feature the browser does not know is caught', async ({ browser, baseURL }) => {
  // another context, outside the journeys' own check: this page is meant to fail it
  const context = await browser.newContext()
  await context.addCookies([adultCookie(baseURL)])
  const page = await context.newPage()
  await page.route('**/', async (route) => {
    const answer = await route.fetch()
    const policy = `${answer.headers()['permissions-policy']}, bluetooth=()`
    await route.fulfill({ response: answer, headers: { ...answer.headers(), 'permissions-policy': policy } })
  })
  const warnings = watchHeaderWarnings(page)
  await page.goto('/')
  await expect.poll(() => warnings.length).toBeGreaterThan(0)
  expect(warnings[0]).toContain("Unrecognized feature: 'bluetooth'")
  await context.close()
})
