import { adPath } from '#domain/ad-path.ts'
import { expect, test } from '#tests/support/e2e-accounts.ts'
import { adultCookie, newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards, serverListing } from '#tests/support/e2e-listing.ts'
import { postAndPay, topUpInTheApp } from '#tests/support/e2e-pay.ts'
import { approvePhotosOf } from '#tests/support/e2e-photo-review.ts'

// Each ad has a page of its own, rendered on the server: it opens from a shared link in a browser
// with no JavaScript at all (what a crawler or a link preview reads), and with JavaScript it becomes
// the app (the contact reveal works). Listing pages are rendered on the server the same way.

test.describe('ad pages', () => {
  test('an ad opens by its URL without JavaScript, with title, price, place and photos, reveals its contact there, and with JavaScript too', async ({
    page,
    context,
    accounts,
    browser,
    request,
  }) => {
    test.setTimeout(150_000)
    const title = `Amber soap ${Math.random().toString(36).slice(2, 8)}`
    const user = await accounts.signUp()
    await accounts.login(page, user)
    await topUpInTheApp(page, context, '5')
    await postAndPay(page, {
      title,
      province: 'NT',
      city: 'Yellowknife',
      phone: '867-555-0199',
      photoColours: ['#16a34a'],
    })
    // a new advertiser's photo shows to others once approved (docs/decisions/032-photo-review.md)
    await approvePhotosOf(request, title)
    // its URL, as the card links to it
    const href = await adCards(page)
      .filter({ hasText: title })
      .getByRole('link', { name: title })
      .getAttribute('href')
    expect(href).toMatch(/^\/ca\/NT\/adult-buy-sell\/[0-9a-z]+-amber-soap-/)

    const noJs = await browser.newContext({ javaScriptEnabled: false })
    const reader = await noJs.newPage()
    const answer = await reader.goto(href ?? '')
    expect(answer?.status()).toBe(200)
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(reader.locator('main')).toContainText('$45')
    await expect(reader.locator('main')).toContainText('Yellowknife, Northwest Territories')
    const photo = reader.getByRole('img', { name: title })
    await expect(photo).toBeVisible()
    expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
    await expect(reader).toHaveTitle(`${title} · Yellowknife · Maple After Dark`)
    const canonical = await reader.locator('link[rel="canonical"]').getAttribute('href')
    expect(new URL(canonical ?? '').pathname).toBe(href)
    await expect(reader.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/.+\.webp$/)
    // the contact is never in the page: only the reveal gives it
    await expect(reader.locator('body')).not.toContainText('867-555-0199')
    // still without JavaScript, the reveal is the server's: past the gate, the code typed, the contact
    await reader.getByRole('button', { name: 'I am 18 or older' }).click()
    await reader.getByRole('button', { name: 'Reveal contact' }).click()
    const shownCode = async () =>
      (await reader.getByTestId('reveal-code').locator('[aria-hidden="true"]').textContent()) ?? ''
    // a wrong code gets a new one, in words; the new one, typed in lower case, passes
    const firstCode = await shownCode()
    await reader
      .getByRole('textbox', { name: 'Type the code' })
      .fill(firstCode === 'AAAAA' ? 'BBBBB' : 'AAAAA')
    await reader.getByRole('button', { name: 'Reveal', exact: true }).click()
    await expect(reader.getByRole('alert')).toHaveText("That code didn't match. Try this new one.")
    await reader.getByRole('textbox', { name: 'Type the code' }).fill((await shownCode()).toLowerCase())
    await reader.getByRole('button', { name: 'Reveal', exact: true }).click()
    await expect(reader.getByRole('link', { name: '867-555-0199' })).toHaveAttribute(
      'href',
      'tel:867-555-0199',
    )
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(title)
    await noJs.close()

    // a stale slug (the title was edited since the link was shared) moves to the ad's one URL
    const b = await newVisitor(browser)
    await b.page.goto((href ?? '').replace(/-amber-soap-.*$/, '-an-old-title'))
    await expect(b.page).toHaveURL(href ?? '')
    await b.page.getByRole('button', { name: 'Reveal contact' }).click()
    const code = (await b.page.getByTestId('reveal-code').locator('[aria-hidden="true"]').textContent()) ?? ''
    await b.page.getByRole('textbox', { name: 'Type the code' }).fill(code)
    await b.page.getByRole('button', { name: 'Reveal', exact: true }).click()
    await expect(b.page.getByText('867-555-0199')).toBeVisible()
    await b.context.close()
  })

  test('a listing page is in the HTML before any script runs, and a gone ad answers 404 @mobile', async ({
    browser,
    request,
  }) => {
    const listing = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
    const noJs = await browser.newContext({ javaScriptEnabled: false })
    // past the server's 18+ gate, which keeps the page inert behind it until then
    await noJs.addCookies([adultCookie(undefined)])
    const reader = await noJs.newPage()
    await reader.goto('/ca/ON/adult-buy-sell')
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Adult Buy & Sell in Ontario')
    await expect(adCards(reader)).toHaveCount(listing.items.length)
    const first = listing.items[0]
    if (!first) throw new Error('no seeded ads in ON')
    await expect(adCards(reader).first().getByRole('link', { name: first.title })).toHaveAttribute(
      'href',
      adPath(first),
    )

    // the French page, as search engines find it through hreflang
    await reader.goto('/ca/ON/adult-buy-sell?lang=fr')
    await expect(reader.locator('html')).toHaveAttribute('lang', 'fr-CA')
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText(
      'Achat et vente pour adultes – Ontario',
    )

    // a search that spells out its defaults, a province without a category and an unknown province
    // land, through the server's redirect, on the page the app would show: drawn, not an empty shell
    await reader.goto('/ca/ON/adult-buy-sell?page=1&city=ALL&sort=new')
    expect(new URL(reader.url()).pathname + new URL(reader.url()).search).toBe('/ca/ON/adult-buy-sell')
    await expect(adCards(reader)).toHaveCount(listing.items.length)
    await reader.goto('/ca/ON')
    expect(new URL(reader.url()).pathname).toBe('/ca/ON/adult-buy-sell')
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Adult Buy & Sell in Ontario')
    await reader.goto('/ca/XX/adult-buy-sell')
    expect(new URL(reader.url()).pathname).toBe('/')
    // an unknown category is not another category's listing: a 404 that links the real ones
    const unknown = await reader.goto('/ca/on/nope')
    expect(unknown?.status()).toBe(404)
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('Category not found')
    const choices = reader.locator('section:has(h1)')
    await expect(choices.getByRole('link', { name: 'Adult Castings' })).toHaveAttribute(
      'href',
      '/ca/ON/adult-castings',
    )

    const gone = await reader.goto('/ca/ON/adult-buy-sell/zzzzzzzzzzzz-sold')
    expect(gone?.status()).toBe(404)
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex')
    await expect(reader.getByRole('heading', { level: 1 })).toHaveText('This ad is no longer available')
    await noJs.close()
  })
})
