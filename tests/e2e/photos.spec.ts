import type { Locator, Page } from '@playwright/test'
import { expect, expectNoSeriousA11yViolations, test, toasts } from '#tests/support/e2e-accounts.ts'
import { expectNoHorizontalOverflow, newVisitor } from '#tests/support/e2e-fixtures.ts'
import { adCards } from '#tests/support/e2e-listing.ts'
import { colourPng, signedIn, topUpInTheApp } from '#tests/support/e2e-pay.ts'
import { approvePhotosOf } from '#tests/support/e2e-photo-review.ts'
import { chooseProvince, postForm } from '#tests/support/e2e-post-form.ts'

// Photos upload as they are picked (lib/media/upload-queue.ts): each shows its progress, then
// Uploaded, or why the server refused it; the user reorders (the first is the cover) and removes them
// before paying, and a file picked offline goes when the connection returns. What A posts, B sees in
// the order A chose, and again offline once seen.

const RED = '#dc2626'
const BLUE = '#2563eb'
const GREEN = '#16a34a'

async function pickPhoto(page: Page, colour: string, name: string): Promise<void> {
  await postForm(page).photos.setInputFiles({
    name,
    mimeType: 'image/png',
    buffer: await colourPng(page, colour),
  })
}

/** Which of red, green or blue an image's middle pixel is, once it has loaded. */
async function dominantColour(image: Locator): Promise<string> {
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeTruthy()
  return image.evaluate((img: HTMLImageElement) => {
    const canvas = document.createElement('canvas')
    canvas.width = img.naturalWidth
    canvas.height = img.naturalHeight
    const context = canvas.getContext('2d')
    if (!context) return 'none'
    context.drawImage(img, 0, 0)
    const [r = 0, g = 0, b = 0] = context.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1).data
    return r > g && r > b ? 'red' : g > r && g > b ? 'green' : 'blue'
  })
}

test.describe('photos upload as they are picked', () => {
  test('each photo shows its upload; A reorders and removes; B sees the cover A chose, online and offline, and the one A adds in the edit form', async ({
    page,
    context,
    accounts,
    browser,
    request,
  }) => {
    test.setTimeout(150_000)
    const title = `Glass ornament ${Math.random().toString(36).slice(2, 8)}`
    await signedIn(page, accounts)
    await topUpInTheApp(page, context, '5')
    let uploadsSent = 0
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/media') uploadsSent += 1
    })

    await page.goto('/post')
    const f = postForm(page)
    await expect(f.scope.getByText('Up to 8 photos: JPEG, PNG, WebP or AVIF, 15 MB each.')).toBeVisible()
    await f.title.fill(title)
    await chooseProvince(f.scope, 'YT')
    await f.city.fill('Whitehorse')
    for (const [i, colour] of [RED, GREEN, BLUE].entries()) await pickPhoto(page, colour, `photo-${i}.png`)
    const tiles = f.scope.getByRole('listitem')
    await expect(tiles).toHaveCount(3)
    // every file is on the server before anyone presses Continue
    await expect(tiles.getByText('Uploaded')).toHaveCount(3)
    expect(uploadsSent).toBe(3)
    await expect(tiles.first().getByText('Cover')).toBeVisible()
    await expectNoSeriousA11yViolations(page, 'the post form with three uploaded photos')

    await page.getByRole('button', { name: 'Remove photo 2' }).click()
    await expect(tiles).toHaveCount(2)
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click()
    expect(await dominantColour(page.getByRole('img', { name: 'Photo 1' }))).toBe('blue')
    expect(await dominantColour(page.getByRole('img', { name: 'Photo 2' }))).toBe('red')
    await expect(page.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled()

    await f.continue.click()
    await expect(page).toHaveURL(/\/checkout\?type=post/)
    await page.getByRole('button', { name: 'Pay $2.00 from wallet' }).click()
    await expect(page).toHaveURL(/\/ca\/YT\/adult-buy-sell$/)
    // checkout sent the ids of the files already uploaded, not the files again
    expect(uploadsSent).toBe(3)
    // a new advertiser's photos show to others once an admin approved them (docs/decisions/032)
    await approvePhotosOf(request, title)

    const b = await newVisitor(browser)
    await b.page.goto(`/ca/YT/adult-buy-sell?q=${encodeURIComponent(title)}`)
    const card = adCards(b.page).filter({ hasText: title })
    const cover = card.locator('img')
    await expect(cover).toHaveAttribute('src', /^\/media\/[^/]+\/640\.webp$/)
    await expect(cover).toHaveAttribute('srcset', /320w.*640w/)
    expect(await dominantColour(cover)).toBe('blue')
    await card.getByRole('link').click()
    const dialog = b.page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Photo 2' }).click()
    expect(await dominantColour(dialog.getByRole('img', { name: title }))).toBe('red')
    await b.page.keyboard.press('Escape')

    // seen once online, the listing and its photos come back offline from the service worker
    await expect.poll(() => b.page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await expect.poll(() => b.page.evaluate(() => localStorage.getItem('query_cache') ?? '')).toContain(title)
    await b.page.reload()
    await expect(adCards(b.page).filter({ hasText: title }).locator('img')).toBeVisible()
    await b.context.setOffline(true)
    await b.page.reload()
    const offlineCover = adCards(b.page).filter({ hasText: title }).locator('img')
    expect(await dominantColour(offlineCover)).toBe('blue')
    await b.context.close()

    // A edits the ad: a photo added there uploads as it is picked too, and can become the cover
    await page.goto('/manage')
    await page.getByRole('link', { name: `Edit ${title}` }).click()
    await pickPhoto(page, GREEN, 'added.png')
    const added = f.scope.getByRole('listitem').nth(2)
    await expect(added.getByText('Uploaded')).toBeVisible()
    expect(uploadsSent).toBe(4)
    await page.getByRole('button', { name: 'Move photo 3 earlier' }).click()
    await page.getByRole('button', { name: 'Move photo 2 earlier' }).click()
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(toasts(page)).toContainText('Ad updated')
    expect(uploadsSent).toBe(4)
    await approvePhotosOf(request, title)
    const c = await newVisitor(browser)
    await c.page.goto(`/ca/YT/adult-buy-sell?q=${encodeURIComponent(title)}`)
    expect(await dominantColour(adCards(c.page).filter({ hasText: title }).locator('img'))).toBe('green')
    await c.context.close()
  })

  test('a photo picked offline uploads when the connection returns; a file the server refuses says why @mobile', async ({
    page,
    context,
    accounts,
  }) => {
    await signedIn(page, accounts)
    await page.goto('/post')
    const f = postForm(page)
    await f.title.fill('Silk scarf')
    const tile = f.scope.getByRole('listitem')

    await context.setOffline(true)
    await pickPhoto(page, GREEN, 'scarf.png')
    await expect(tile.getByText('Uploads when back online')).toBeVisible()
    await expect(page.getByRole('progressbar', { name: 'Upload of Photo 1' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    )
    await context.setOffline(false)
    await expect(tile.getByText('Uploaded')).toBeVisible()

    // a file named like a video that is not one: stored on the device, refused by the server
    await f.videos.setInputFiles({
      name: 'clip.mp4',
      mimeType: 'video/mp4',
      buffer: Buffer.from('not a video'),
    })
    const video = tile.filter({ has: page.getByRole('button', { name: 'Remove video 1' }) })
    await expect(video.getByText('Upload failed')).toBeVisible()
    await expect(video.getByText(/Unsupported file/)).toBeVisible()
    await expectNoHorizontalOverflow(page)
    await f.continue.click()
    await expect(toasts(page)).toContainText('Some files could not be uploaded')
    await expect(page).toHaveURL(/\/post$/)

    await page.getByRole('button', { name: 'Remove video 1' }).click()
    await f.continue.click()
    await expect(page).toHaveURL(/\/checkout\?type=post/)
  })
})
