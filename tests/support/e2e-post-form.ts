import type { Page } from '@playwright/test'

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
