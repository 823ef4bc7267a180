import type { Page } from '@playwright/test'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { expect, expectNoSeriousA11yViolations, test, toasts } from '#tests/support/e2e-accounts.ts'
import { chooseProvince, postForm } from '#tests/support/e2e-post-form.ts'

// Post, edit and manage (issue 5) against the real server: the banned-phrase
// check is the server's, the draft lives in the browser's IndexedDB and its localStorage mirror.
// The paid journeys (checkout, wallet, crypto) are in the checkout specs.

/** A PNG larger than the 1600px the form keeps, drawn by the browser itself. */
async function bigPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 2400
    canvas.height = 1200
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    context.fillStyle = '#c026d3'
    context.fillRect(0, 0, 2400, 1200)
    return canvas.toDataURL('image/png').split(',')[1] ?? ''
  })
  return Buffer.from(base64, 'base64')
}

/** The autosave writes shortly after typing stops; the mirror key is what a reload reads first. */
async function waitForDraftTitle(page: Page, title: string) {
  await expect
    .poll(() =>
      page.evaluate((key) => {
        const raw = localStorage.getItem(key)
        return raw ? (JSON.parse(raw) as { title?: string }).title : null
      }, STORAGE_KEYS.draft),
    )
    .toBe(title)
}

test.describe('sell: post, edit, manage', () => {
  test('signed out, /post, /manage and /edit say Sign in required; /post comes back after signing in', async ({
    page,
    accounts,
  }) => {
    const user = await accounts.signUp()
    for (const path of ['/manage', '/edit/own-1']) {
      await page.goto(path)
      await expect(toasts(page)).toContainText('Sign in required')
      await expect(page).toHaveURL(/\/login\?/)
    }
    await page.goto('/post')
    await expect(toasts(page)).toContainText('Sign in required')
    await expect(page).toHaveURL(/\/login\?/)
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(/\/post$/)
    await expect(page.getByRole('heading', { name: 'Post an ad' })).toBeVisible()
  })

  test('Continue needs a title, refuses a banned phrase, then hands the ad to checkout @mobile', async ({
    page,
    accounts,
  }) => {
    await accounts.login(page, await accounts.signUp())
    await page.goto('/post')
    const f = postForm(page)
    await expect(f.title).toBeVisible()
    await expectNoSeriousA11yViolations(page, '/post')

    await f.continue.click()
    await expect(toasts(page)).toContainText('Missing title')
    await expect(toasts(page)).toContainText('Please add a title')
    await expect(f.title).toBeFocused()
    await expect(f.scope.getByRole('alert').filter({ hasText: 'Please add a title' })).toBeVisible()

    await f.title.fill('Teen model for photos')
    await f.continue.click()
    await expect(toasts(page)).toContainText('Banned words detected')
    await expect(toasts(page)).toContainText('Please remove banned phrases before continuing.')
    await expect(page).toHaveURL(/\/post$/)

    await f.title.fill('Vintage corset, barely worn')
    await chooseProvince(f.scope, 'BC')
    await f.city.fill('Victoria')
    await f.price.fill('not a number')
    await f.website.fill('corsets.example.ca')
    await f.continue.click()
    await expect(page).toHaveURL(/\/checkout\?type=post/)
    const draft = await page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
      STORAGE_KEYS.checkoutDraft,
    )
    expect(draft).toMatchObject({
      title: 'Vintage corset, barely worn',
      province: 'BC',
      city: 'Victoria',
      price: 0,
      contact: { website: 'https://corsets.example.ca' },
      moderation: 'ok',
    })
  })

  test('the draft autosaves with its photos and survives a reload; Save and Clear say so', async ({
    page,
    accounts,
  }) => {
    await accounts.login(page, await accounts.signUp())
    await page.goto('/post')
    const f = postForm(page)
    await f.title.fill('Leather harness')
    await f.description.fill('Handmade, adjustable.')
    await f.price.fill('$1,250')
    await chooseProvince(f.scope, 'ON')
    await f.city.fill('Toronto')
    await f.photos.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: await bigPng(page) })
    const preview = page.getByRole('img', { name: 'Photo 1' })
    await expect(preview).toBeVisible()
    // downscaled on the device before it was stored
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)

    await f.videos.setInputFiles({
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not really a video'),
    })
    await expect(page.getByRole('button', { name: 'Remove video 1' })).toBeVisible()
    await page.getByRole('button', { name: 'Clear videos' }).click()
    await expect(toasts(page)).toContainText('Videos cleared')
    await expect(page.getByRole('button', { name: 'Remove video 1' })).toHaveCount(0)

    await page.getByRole('button', { name: 'Save draft' }).click()
    await expect(toasts(page)).toContainText('Draft saved')
    await waitForDraftTitle(page, 'Leather harness')

    await page.reload()
    await expect(f.title).toHaveValue('Leather harness')
    await expect(f.description).toHaveValue('Handmade, adjustable.')
    await expect(f.price).toHaveValue('$1,250')
    await expect(f.city).toHaveValue('Toronto')
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600)

    // a province change drops a city that is not in it
    await chooseProvince(f.scope, 'QC')
    await expect(f.city).toHaveValue('')

    await page.getByRole('button', { name: 'Clear draft' }).click()
    await expect(toasts(page)).toContainText('Draft cleared')
    await expect(f.title).toHaveValue('')
    await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.draft)).toBeNull()
    await page.reload()
    await expect(f.title).toHaveValue('')
    await expect(page.getByRole('img', { name: 'Photo 1' })).toHaveCount(0)
  })

  test('offline: after one online visit the form is written offline and survives an offline reload', async ({
    page,
    context,
    accounts,
  }) => {
    await accounts.login(page, await accounts.signUp())
    await page.goto('/post')
    await expect(postForm(page).title).toBeVisible()
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await page.reload()
    await expect(postForm(page).title).toBeVisible()

    await context.setOffline(true)
    try {
      const f = postForm(page)
      await f.title.fill('Written on the train')
      await f.description.fill('No signal here.')
      await waitForDraftTitle(page, 'Written on the train')
      await page.reload()
      await expect(f.title).toHaveValue('Written on the train')
      await expect(f.description).toHaveValue('No signal here.')

      // Continue offline keeps the ad and defers the banned-phrase check to before payment
      await f.continue.click()
      await expect(toasts(page)).toContainText('You are offline')
      await expect
        .poll(() =>
          page.evaluate(
            (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null')?.moderation,
            STORAGE_KEYS.checkoutDraft,
          ),
        )
        .toBe('pending')
    } finally {
      await context.setOffline(false)
    }
  })

  test("someone else's ad, a demo ad and an unknown id are all not found in /edit", async ({
    page,
    accounts,
  }) => {
    await accounts.login(page, await accounts.signUp())
    const demo = await page.evaluate(async () => {
      const res = await fetch('/api/ads?province=ON&category=adult-buy-sell')
      return ((await res.json()) as { items: { id: string }[] }).items[0]?.id ?? ''
    })
    expect(demo).toMatch(/^[0-9a-z]{12}$/)
    await page.goto(`/edit/${demo}`)
    await expect(page.getByRole('heading', { name: 'Ad not found among your ads' })).toBeVisible()
    await page.goto('/edit/own-does-not-exist')
    await expect(page.getByRole('heading', { name: 'Ad not found among your ads' })).toBeVisible()
  })
})
