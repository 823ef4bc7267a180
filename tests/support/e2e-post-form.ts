import { expect, type Locator, type Page } from '@playwright/test'
import { findProvince, type ProvinceCode } from '#domain/provinces.ts'

/** The fields and buttons of the /post and /edit form, found by their labels as a person would. */
export function postForm(page: Page) {
  const scope = page.locator('#main form')
  return {
    scope,
    title: scope.getByLabel('Title', { exact: true }),
    province: scope.getByLabel('Province', { exact: true }),
    city: scope.getByLabel('City', { exact: true }),
    price: scope.getByLabel('Price (CAD)'),
    description: scope.getByLabel('Description'),
    website: scope.getByLabel('Website'),
    photos: scope.locator('input[type="file"][accept="image/*"]'),
    videos: scope.locator('input[type="file"][accept="video/*"]'),
    continue: scope.getByRole('button', { name: 'Continue' }),
  }
}

/**
 * Chooses a province on the /post or /edit form (a Radix select, issue 33 item 7): opens the
 * combobox named Province and picks the option with the province's English name.
 */
export async function chooseProvince(scope: Locator, code: ProvinceCode): Promise<void> {
  const name = findProvince(code)?.name ?? code
  const combobox = scope.getByRole('combobox', { name: 'Province', exact: true })
  const page = scope.page()
  await expect(async () => {
    if (!(await page.getByRole('listbox').isVisible())) await combobox.click()
    // by the keyboard: a click on an option right after the list opens (it scrolls the chosen one
    // into view) is sometimes taken for the end of the opening press, and the list stays open
    const option = page.getByRole('option', { name, exact: true })
    await option.focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toBeHidden({ timeout: 2_000 })
    await expect(combobox).toContainText(name, { timeout: 2_000 })
  }).toPass({ timeout: 20_000 })
}
