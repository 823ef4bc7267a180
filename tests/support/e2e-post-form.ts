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
  await combobox.click()
  await scope.page().getByRole('option', { name, exact: true }).click()
  await expect(combobox).toContainText(name)
}
