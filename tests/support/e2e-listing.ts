// Helpers for driving the listing page the way a visitor does: through the filters panel (the
// sidebar on desktop, the "Filters" sheet on a phone), the ad cards and the pagination links.
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test'
import { AdListSchema, type PublicAd } from '#domain/api/ads.ts'
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import type { SortOption } from '#domain/constants.ts'
import type { ProvinceOrAll } from '#domain/provinces.ts'
import { asAdmin, isMobileProject } from './e2e-fixtures.ts'

/** A listing's filters as a visitor sets them; serverListing turns them into the API's query. */
interface ListingQuery {
  province: ProvinceOrAll
  category: CategoryKey
  city?: string
  escortType?: CompanionType
  q?: string
  sort?: SortOption
  verifiedOnly?: boolean
  page?: number
}

/** The listing's filters panel, opening the phone's sheet first when needed. */
export async function openFilters(page: Page): Promise<Locator> {
  if (isMobileProject(page)) {
    const sheet = page.getByRole('dialog', { name: 'Filters' })
    if (!(await sheet.isVisible())) await page.getByRole('button', { name: 'Filters', exact: true }).click()
    await expect(sheet).toBeVisible()
    return sheet
  }
  const aside = page.getByRole('complementary', { name: 'Filters' })
  await expect(aside).toBeVisible()
  return aside
}

/** Closes the phone's filter sheet (no-op on desktop) so the results are visible again. */
export async function closeFilters(page: Page): Promise<void> {
  if (!isMobileProject(page)) return
  const sheet = page.getByRole('dialog', { name: 'Filters' })
  if (await sheet.isVisible()) {
    await sheet.getByRole('button', { name: 'Show results' }).click()
    await expect(sheet).toBeHidden()
  }
}

/** Picks `option` in the Radix select labelled `label` inside `scope`. */
export async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label, exact: true }).click()
  await scope.page().getByRole('option', { name: option, exact: true }).click()
  await expect(scope.getByRole('combobox', { name: label, exact: true })).toContainText(option)
}

/** The ad cards on the current page, in the order shown. */
export function adCards(page: Page): Locator {
  return page.locator('main').getByRole('article')
}

export async function cardTitles(page: Page): Promise<string[]> {
  return (await adCards(page).getByRole('heading').allInnerTexts()).map((t) => t.trim())
}

/** Prices shown on the cards, in dollars (0 for 'Contact for price'). */
export async function cardPrices(page: Page): Promise<number[]> {
  // the card's price line, not its title, which may hold a dollar figure ("gift card, $150 value")
  const texts = await adCards(page).getByTestId('ad-price').allInnerTexts()
  return texts.map((text) => {
    if (text.includes('Contact for price')) return 0
    const match = text.match(/\$([\d,]+(?:\.\d+)?)/)
    if (!match?.[1]) throw new Error(`no price on card: ${text}`)
    return Number(match[1].replaceAll(',', ''))
  })
}

/** "130 ads" → 130; waits for the count to be shown (it is empty while the first page loads) */
export async function resultCount(page: Page): Promise<number> {
  await expect(page.getByTestId('result-count')).not.toHaveText('')
  const text = ((await page.getByTestId('result-count').textContent()) ?? '').trim()
  if (/^No ads/.test(text)) return 0
  const match = text.match(/^([\d,]+)/)
  if (!match?.[1]) throw new Error(`unexpected result count "${text}"`)
  return Number(match[1].replaceAll(',', ''))
}

export async function expectResultCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => resultCount(page)).toBe(count)
}

export interface ServerListing {
  items: PublicAd[]
  total: number
  pageCount: number
}

/**
 * What GET /api/ads answers for a listing query, the page's oracle: the page must show exactly this.
 * (The server's filtering, search and sorting are tested on PGlite and PostgreSQL in tests/api.)
 */
export async function serverListing(request: APIRequestContext, query: ListingQuery): Promise<ServerListing> {
  const params: Record<string, string> = { province: query.province, category: query.category }
  if (query.city) params.city = query.city
  if (query.escortType) params.escortType = query.escortType
  if (query.q) params.q = query.q
  if (query.sort && query.sort !== 'new') params.sort = query.sort
  if (query.verifiedOnly) params.verified = 'true'
  if (query.page) params.page = String(query.page)
  const res = await request.get('/api/ads', { params })
  expect(res.status(), await res.text()).toBe(200)
  const list = AdListSchema.parse(await res.json())
  return { items: list.items, total: list.total, pageCount: list.pages }
}

/** Lets an ad's 30 days pass at once (POST /api/dev/ads/:id/expire, as the admin). */
export async function expireAd(request: APIRequestContext, id: string): Promise<void> {
  const res = await asAdmin(request, (authorization) =>
    request.post(`/api/dev/ads/${encodeURIComponent(id)}/expire`, { headers: { authorization } }),
  )
  expect(res.status(), `POST /api/dev/ads/${id}/expire answered ${res.status()}`).toBe(204)
}
