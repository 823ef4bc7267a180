// The listing page against the real build: every filter, sort and pagination, and the ad dialog's
// contact reveal. Expected results are what GET /api/ads answers for the same query (serverListing),
// so a page that shows the wrong ads (or the right ads in the wrong order) fails here. The journeys
// that post ads do so in the territories (YT, NT, NU), so the seeded lists read here stay still.
import { expect, test } from '#tests/support/e2e-fixtures.ts'
import {
  adCards,
  cardPrices,
  cardTitles,
  choose,
  closeFilters,
  expectResultCount,
  openFilters,
  serverListing,
} from '#tests/support/e2e-listing.ts'

test.describe('listing page', () => {
  test('shows 12 ads per page with numbered pages, and page 2 shows the next 12 @mobile', async ({
    page,
    request,
  }) => {
    const first = await serverListing(request, { province: 'ALL', category: 'adult-pics-vids' })
    const second = await serverListing(request, { province: 'ALL', category: 'adult-pics-vids', page: 2 })
    expect(first.pageCount).toBeGreaterThan(2)

    await page.goto('/ca/ALL/adult-pics-vids')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Pics/Vids in All Canada')
    await expectResultCount(page, first.total)
    await expect(adCards(page)).toHaveCount(12)
    await expect.poll(() => cardTitles(page)).toEqual(first.items.map((a) => a.title))

    const pages = page.getByRole('navigation', { name: 'Pages' })
    await expect(pages.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await pages.getByRole('link', { name: 'Page 2', exact: true }).click()
    await expect(page).toHaveURL(/[?&]page=2\b/)
    await expect(pages.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect.poll(() => cardTitles(page)).toEqual(second.items.map((a) => a.title))
    expect(second.items.map((a) => a.id)).not.toEqual(first.items.map((a) => a.id))

    // the last page holds the remainder
    const last = await serverListing(request, {
      province: 'ALL',
      category: 'adult-pics-vids',
      page: first.pageCount,
    })
    await pages.getByRole('link', { name: `Page ${first.pageCount}`, exact: true }).click()
    await expect(adCards(page)).toHaveCount(last.items.length)
  })

  test('matches the province case-insensitively and sends an unknown one home', async ({ page, request }) => {
    await page.goto('/ca/on/adult-buy-sell')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Buy & Sell in Ontario')
    await expectResultCount(
      page,
      (await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })).total,
    )

    await page.goto('/ca/XX/adult-buy-sell')
    await expect(page).toHaveURL(/\/$/)
  })

  test('sorts by newest, price low to high and price high to low @mobile', async ({ page, request }) => {
    await page.goto('/ca/ALL/adult-pics-vids')
    const newest = await serverListing(request, { province: 'ALL', category: 'adult-pics-vids', sort: 'new' })
    await expect.poll(() => cardTitles(page)).toEqual(newest.items.map((a) => a.title))

    let filters = await openFilters(page)
    await choose(filters, 'Sort by', 'Price: low to high')
    await closeFilters(page)
    await expect(page).toHaveURL(/sort=price-asc/)
    const asc = await serverListing(request, {
      province: 'ALL',
      category: 'adult-pics-vids',
      sort: 'price-asc',
    })
    await expect.poll(() => cardPrices(page)).toEqual(asc.items.map((a) => a.price))
    const ascPrices = await cardPrices(page)
    expect(ascPrices).toEqual([...ascPrices].sort((a, b) => a - b))

    filters = await openFilters(page)
    await choose(filters, 'Sort by', 'Price: high to low')
    await closeFilters(page)
    await expect(page).toHaveURL(/sort=price-desc/)
    const desc = await serverListing(request, {
      province: 'ALL',
      category: 'adult-pics-vids',
      sort: 'price-desc',
    })
    await expect.poll(() => cardPrices(page)).toEqual(desc.items.map((a) => a.price))
    const descPrices = await cardPrices(page)
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a))
    expect(descPrices[0]).toBeGreaterThan(ascPrices[0] ?? 0)

    filters = await openFilters(page)
    await choose(filters, 'Sort by', 'Newest first')
    await closeFilters(page)
    await expect.poll(() => cardTitles(page)).toEqual(newest.items.map((a) => a.title))
  })

  test('filters by category, city, keyword and only verified, and Clear resets them', async ({
    page,
    request,
  }) => {
    await page.goto('/ca/ON/adult-buy-sell')
    const all = await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })
    await expectResultCount(page, all.total)
    const filters = await openFilters(page)

    // category
    await choose(filters, 'Category', 'Adult Pics/Vids')
    await expect(page).toHaveURL(/\/ca\/ON\/adult-pics-vids/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adult Pics/Vids in Ontario')
    await expectResultCount(
      page,
      (await serverListing(request, { province: 'ON', category: 'adult-pics-vids' })).total,
    )
    await choose(filters, 'Category', 'Adult Buy & Sell')
    await expect(page).toHaveURL(/\/ca\/ON\/adult-buy-sell/)

    // city
    const inToronto = await serverListing(request, {
      province: 'ON',
      category: 'adult-buy-sell',
      city: 'Toronto',
    })
    expect(inToronto.total).toBeGreaterThan(0)
    expect(inToronto.total).toBeLessThan(all.total)
    await choose(filters, 'City', 'Toronto')
    await expect(page).toHaveURL(/city=Toronto/)
    await expectResultCount(page, inToronto.total)
    for (const text of await adCards(page).allInnerTexts()) expect(text).toContain('Toronto')

    // search within results
    await choose(filters, 'City', 'All cities')
    await expectResultCount(page, all.total)
    const keyword = 'corset'
    const withKeyword = await serverListing(request, {
      province: 'ON',
      category: 'adult-buy-sell',
      q: keyword,
    })
    expect(withKeyword.total).toBeGreaterThan(0)
    expect(withKeyword.total).toBeLessThan(all.total)
    await filters.getByRole('searchbox', { name: 'Search within results' }).fill(keyword)
    await filters.getByRole('searchbox', { name: 'Search within results' }).press('Enter')
    await expect(page).toHaveURL(new RegExp(`q=${keyword}`))
    await expectResultCount(page, withKeyword.total)
    await expect.poll(() => cardTitles(page)).toEqual(withKeyword.items.map((a) => a.title))

    // only verified (together with the keyword)
    const verified = await serverListing(request, {
      province: 'ON',
      category: 'adult-buy-sell',
      q: keyword,
      verifiedOnly: true,
    })
    const filtersAgain = await openFilters(page)
    await filtersAgain.getByRole('checkbox', { name: 'Only verified ads' }).check()
    await expect(page).toHaveURL(/verified=true/)
    await expectResultCount(page, verified.total)
    for (const text of await adCards(page).allInnerTexts()) expect(text).toContain('Verified')

    // Clear brings every filter back to its default
    await filtersAgain.getByRole('button', { name: 'Clear' }).click()
    await expectResultCount(page, all.total)
    await expect(page).not.toHaveURL(/[?&](q|verified|city|sort)=/)
    await expect(filtersAgain.getByRole('checkbox', { name: 'Only verified ads' })).not.toBeChecked()
    await expect(filtersAgain.getByRole('searchbox', { name: 'Search within results' })).toHaveValue('')
  })

  test('offers the companion type filter only for Adult Companions, with the legal notice', async ({
    page,
    request,
  }) => {
    await page.goto('/ca/ALL/adult-pics-vids')
    let filters = await openFilters(page)
    await expect(filters.getByRole('combobox', { name: 'Companion type' })).toHaveCount(0)
    await expect(
      page.getByRole('heading', { name: 'Legal, consensual adult (18+) interactions only' }),
    ).toHaveCount(0)

    await choose(filters, 'Category', 'Adult Companions')
    await expect(page).toHaveURL(/\/ca\/ALL\/adult-services/)
    await expect(
      page.getByRole('heading', { name: 'Legal, consensual adult (18+) interactions only' }),
    ).toBeVisible()
    await expectResultCount(
      page,
      (await serverListing(request, { province: 'ALL', category: 'adult-services' })).total,
    )

    filters = await openFilters(page)
    await choose(filters, 'Companion type', 'Male Companion')
    await expect(page).toHaveURL(/escortType=male-companion/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Male Companion in All Canada')
    const male = await serverListing(request, {
      province: 'ALL',
      category: 'adult-services',
      escortType: 'male-companion',
    })
    expect(male.total).toBeGreaterThan(0)
    await expectResultCount(page, male.total)
    await expect.poll(() => cardTitles(page)).toEqual(male.items.map((a) => a.title))
  })

  test('opens a demo ad in a dialog that says it is a sample, with no reveal and no Verified badge @mobile', async ({
    page,
    request,
  }) => {
    // the first demo ad: other journeys post real ads into this listing, and they come first
    const ad = (await serverListing(request, { province: 'ON', category: 'adult-buy-sell' })).items.find(
      (listed) => listed.demo,
    )
    if (!ad) throw new Error('no generated ads for ON')
    await page.goto('/ca/ON/adult-buy-sell')
    await adCards(page).filter({ hasText: ad.title }).first().getByRole('link', { name: ad.title }).click()

    const dialog = page.getByRole('dialog', { name: ad.title })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img', { name: ad.title })).toBeVisible()
    await expect(dialog).toContainText(`${ad.city}, Ontario`)
    await expect(dialog).toContainText(ad.description)
    await expect(dialog).toContainText(`$${ad.price}`)
    await expect(dialog).toContainText('Posted')
    await expect(dialog.getByRole('button', { name: 'Report' })).toBeVisible()

    // nobody is behind a demo ad: it says so where the reveal would be, and no one verified it
    await expect(dialog.getByTestId('sample-ad')).toContainText('This is a sample ad')
    await expect(dialog.getByRole('button', { name: 'Reveal contact' })).toHaveCount(0)
    await expect(dialog.getByText('Verified', { exact: true })).toHaveCount(0)
    for (const text of await adCards(page).allInnerTexts()) expect(text).not.toMatch(/\bVerified\b/)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test("shows 'Contact for price' when an ad's price is 0", async ({ page, request }) => {
    const ad = (await serverListing(request, { province: 'ON', category: 'adult-castings' })).items[0]
    if (!ad) throw new Error('no castings for ON')
    expect(ad.price).toBe(0)
    await page.goto('/ca/ON/adult-castings')
    await expect(adCards(page).first()).toContainText('Contact for price')
    await adCards(page).first().getByRole('link', { name: ad.title }).click()
    await expect(page.getByRole('dialog', { name: ad.title })).toContainText('Contact for price')
  })
})
