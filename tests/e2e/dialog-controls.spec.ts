// Controls that open inside a dialog or a sheet on a phone. Radix decides what is "inside" its
// DismissableLayer from events bubbling through React's tree, across portals: a tap in a popover
// portalled out of the Browse drawer is a tap inside the drawer (docs/decisions/040-react.md). Each
// select, popover and form inside a dialog or sheet is used here with taps and typing, and the dialog
// must stay open until the choice closes it, with the choice applied.
import type { Page } from '@playwright/test'
import { expect, isMobileProject, test } from '#tests/support/e2e-fixtures.ts'
import { adCards, choose, openFilters } from '#tests/support/e2e-listing.ts'

test.beforeEach(({ page }) => {
  test.skip(!isMobileProject(page), 'the Browse drawer and the filters sheet are the phone’s')
})

async function openBrowseDrawer(page: Page) {
  await page.getByRole('button', { name: 'Browse', exact: true }).tap()
  const drawer = page.getByRole('dialog', { name: 'Browse ads' })
  await expect(drawer).toBeVisible()
  return drawer
}

test.describe('on a phone, a control inside a dialog or sheet keeps it open @mobile', () => {
  test('the Browse drawer’s city filter: typing “Mont” keeps the drawer, and Montréal applies', async ({
    page,
  }) => {
    // in English, as the words below: Quebec's pages open in French for a visitor who has not chosen
    await page.goto('/ca/QC/adult-buy-sell?lang=en')
    const drawer = await openBrowseDrawer(page)
    await drawer.getByRole('button', { name: /^City: / }).tap()
    const filter = page.getByRole('textbox', { name: 'Filter cities' })
    await expect(filter).toBeFocused()
    // a tap in the field, then the keys: the drawer is still there after each
    await filter.tap()
    await expect(drawer).toBeVisible()
    await filter.pressSequentially('Mont')
    await expect(drawer).toBeVisible()
    const montreal = page.getByRole('button', { name: 'Montréal', exact: true })
    await expect(montreal).toBeVisible()
    await montreal.tap()
    // the choice is applied: the listing of Montréal, the drawer closed by the choice itself
    await expect(page).toHaveURL(/\/ca\/QC\/adult-buy-sell\?city=Montr%C3%A9al$/)
    await expect(drawer).toBeHidden()
    const again = await openBrowseDrawer(page)
    await expect(again.getByRole('button', { name: 'City: Montréal' })).toBeVisible()
  })

  test('the Browse drawer’s province select applies the province it was given', async ({ page }) => {
    await page.goto('/ca/ON/adult-buy-sell')
    const drawer = await openBrowseDrawer(page)
    await drawer.getByRole('combobox', { name: 'Province' }).tap()
    await page.getByRole('option', { name: 'Quebec', exact: true }).tap()
    await expect(page).toHaveURL(/\/ca\/QC\/adult-buy-sell$/)
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Quebec')
  })

  test('the filters sheet keeps open while its selects are used, and each choice applies', async ({
    page,
  }) => {
    await page.goto('/ca/ON/adult-services')
    const sheet = await openFilters(page)
    await choose(sheet, 'Companion type', 'Female Companion')
    await expect(sheet).toBeVisible()
    await expect(page).toHaveURL(/escortType=female-companion/)
    await choose(sheet, 'Sort by', 'Price: low to high')
    await expect(sheet).toBeVisible()
    await expect(page).toHaveURL(/sort=price-asc/)
    const keyword = sheet.getByRole('searchbox', { name: 'Search within results' })
    await keyword.tap()
    await keyword.fill('silk')
    await expect(sheet).toBeVisible()
  })

  test('the report form inside an ad’s dialog takes a reason and details without closing it', async ({
    page,
  }) => {
    await page.goto('/ca/ON/adult-buy-sell')
    const first = adCards(page).first()
    const title = (await first.getByRole('heading').innerText()).trim()
    await first.getByRole('link', { name: title }).tap()
    const dialog = page.getByRole('dialog', { name: title })
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Report' }).tap()
    await dialog.getByRole('radio', { name: 'Spam or scam' }).tap()
    await expect(dialog.getByRole('radio', { name: 'Spam or scam' })).toBeChecked()
    const details = dialog.getByRole('textbox')
    await details.tap()
    await details.fill('Posted three times today')
    await expect(dialog).toBeVisible()
    await expect(details).toHaveValue('Posted three times today')
  })
})
