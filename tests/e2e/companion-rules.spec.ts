import { STORAGE_KEYS } from '#domain/constants.ts'
import { expect, test, toasts } from '#tests/support/e2e-accounts.ts'
import { choose } from '#tests/support/e2e-listing.ts'
import { signedIn, uniqueTitle } from '#tests/support/e2e-pay.ts'
import { postForm } from '#tests/support/e2e-post-form.ts'

// Adult Companions ads come from verified adults offering their own company only
// (docs/decisions/049-open-in-canada.md): an unverified advertiser who picks the category is told to
// get verified before anything is charged, and the draft stays.

test.describe('companion rules', () => {
  test('an unverified advertiser who picks Adult Companions is sent to Get verified, the draft kept @mobile', async ({
    page,
    accounts,
  }) => {
    test.setTimeout(90_000)
    await signedIn(page, accounts)
    await page.goto('/post')
    const f = postForm(page)
    const title = uniqueTitle('Dinner company')
    await f.title.fill(title)
    await choose(f.scope, 'Category', 'Adult Companions')

    const notice = page.getByTestId('companion-verify')
    await expect(notice).toContainText('published only by verified advertisers')
    await expect(notice).toContainText('Your draft is kept')
    // the confirmation asked of every companion ad, with the rules it refers to
    await f.scope.getByLabel('I am 18 or older, and this ad offers only my own time and company.').check()
    await expect(
      f.scope.getByRole('link', { name: 'What is not allowed in Adult Companions' }),
    ).toHaveAttribute('href', '/terms#companion-ads')

    await f.continue.click()
    await expect(toasts(page)).toContainText('Verification needed')
    await expect(page).toHaveURL(/\/post$/)

    // the autosave writes shortly after the last change (features/post/autosave.ts); a full page load
    // reads what it wrote, so the journey leaves once the draft holds the title and the category
    await expect
      .poll(() =>
        page.evaluate((key) => {
          const raw = localStorage.getItem(key)
          const draft = raw ? (JSON.parse(raw) as { title?: string; category?: string }) : null
          return draft ? `${draft.title} ${draft.category}` : null
        }, STORAGE_KEYS.draft),
      )
      .toBe(`${title} adult-services`)
    await notice.getByRole('link', { name: 'Get verified' }).click()
    await expect(page).toHaveURL(/\/account\/verification$/)

    // back on the form, the draft is as it was left
    await page.goto('/post')
    await expect(postForm(page).title).toHaveValue(title)
    await expect(f.scope.getByRole('combobox', { name: 'Category', exact: true })).toContainText(
      'Adult Companions',
    )
  })

  test('the terms say what is not allowed in Adult Companions, in English and French', async ({ page }) => {
    await page.goto('/terms#companion-ads')
    const section = page.locator('#companion-ads')
    await expect(section).toContainText('an ad for anyone but yourself')
    await expect(section).toContainText('agencies')
    await expect(section).toContainText('sexual services for money')
    await expect(section).toContainText('code words')
    await page.goto('/terms?lang=fr#companion-ads')
    await expect(page.locator('#companion-ads')).toContainText('mots codés')
  })
})
