// Helpers for driving the listing page the way a visitor does: through the filters panel (the
// sidebar on desktop, the "Filters" sheet on a phone), the ad cards and the pagination links.
import { expect, type Locator, type Page } from '@playwright/test'
import { isMobileProject } from './e2e-fixtures.ts'

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
  const texts = await adCards(page).allInnerTexts()
  return texts.map((text) => {
    if (text.includes('Contact for price')) return 0
    // "$40 / unit": the unit tells the price from a dollar figure in the title ("gift card, $150 value")
    const match = text.match(/\$([\d,]+(?:\.\d+)?) \/ /)
    if (!match?.[1]) throw new Error(`no price on card: ${text}`)
    return Number(match[1].replaceAll(',', ''))
  })
}

/** "130 ads" → 130 */
export async function resultCount(page: Page): Promise<number> {
  const text = ((await page.getByTestId('result-count').textContent()) ?? '').trim()
  if (/^No ads/.test(text)) return 0
  const match = text.match(/^([\d,]+)/)
  if (!match?.[1]) throw new Error(`unexpected result count "${text}"`)
  return Number(match[1].replaceAll(',', ''))
}

export async function expectResultCount(page: Page, count: number): Promise<void> {
  await expect.poll(() => resultCount(page)).toBe(count)
}
