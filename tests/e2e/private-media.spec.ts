// Private photos stay off the device (issue 43 items 17 and 18, docs/decisions/062-public-media.md):
// an upload on no live ad is its owner's alone, so the service worker, which every fetch of the page
// goes through, must not keep it; and signing out empties the worker's photo cache.

import { MediaPaths } from '#domain/api/media.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { expect, test } from '#tests/support/e2e-accounts.ts'
import { colourPng } from '#tests/support/e2e-pay.ts'

const PHOTO_CACHE = 'ad-photos'

test('an owner’s private photo is never kept by the service worker, and signing out empties its photo cache', async ({
  page,
  accounts,
}) => {
  const owner = await accounts.signUp()
  await accounts.login(page, owner)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)

  const token = await page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.authToken)
  const uploaded = await page.request.post(`/api${MediaPaths.upload}`, {
    headers: { authorization: `Bearer ${token}` },
    multipart: { file: { name: 'me.png', mimeType: 'image/png', buffer: await colourPng(page, '#8e44ad') } },
  })
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const { url } = (await uploaded.json()) as { url: string }

  // fetched by the page with the owner's token, through the worker: shown, and not kept
  const fetched = await page.evaluate(
    async ({ url, token }) => {
      const res = await fetch(url, { headers: { Authorization: `Bearer ${token}` } })
      return {
        status: res.status,
        cacheControl: res.headers.get('cache-control'),
        bytes: (await res.blob()).size,
      }
    },
    { url, token },
  )
  expect(fetched).toMatchObject({ status: 200, cacheControl: 'private, no-store' })
  expect(fetched.bytes).toBeGreaterThan(0)
  // the same photo to anyone else: not found
  expect((await page.request.get(url)).status()).toBe(404)
  const kept = () =>
    page.evaluate(async (name) => {
      if (!(await caches.has(name))) return null
      const cache = await caches.open(name)
      return (await cache.keys()).map((request) => new URL(request.url).pathname)
    }, PHOTO_CACHE)
  expect((await kept()) ?? []).not.toContain(url)

  // whatever the worker holds goes with the session
  await page.evaluate(async (name) => {
    const cache = await caches.open(name)
    await cache.put('/media/kept-before-sign-out/640.webp', new Response('x'))
  }, PHOTO_CACHE)
  expect(await kept()).toContain('/media/kept-before-sign-out/640.webp')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page.getByRole('button', { name: 'Logout' })).toHaveCount(0)
  await expect.poll(kept).toBeNull()
})
