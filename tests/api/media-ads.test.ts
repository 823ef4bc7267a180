import { rmSync } from 'node:fs'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { media } from '#server/db/schema/media.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { sweepAbandonedUploads } from '#server/services/media/media-cleanup.ts'
import { adBody, createAd, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { fakeMp4, jpeg, served, storedFiles, tempDir, uploaded } from '#tests/support/media.ts'

let t: TestApp
const mediaDir = tempDir('maple-media-test-')

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: mediaDir })
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  rmSync(mediaDir, { recursive: true, force: true })
})

const HOUR = 60 * 60 * 1000
let seed = 10
const photoOf = async (owner: Awaited<ReturnType<typeof member>>) =>
  uploaded(t, owner, await jpeg(400, 300, seed++))

describe('an ad with uploaded photos and videos', () => {
  it('shows its photos to every visitor with srcset, size and placeholder, beside the 640 px URL', async () => {
    // a verified advertiser: their photos show before review (docs/decisions/032-photo-review.md)
    const owner = await member(t, { trusted: true })
    const [a, b] = [await photoOf(owner), await photoOf(owner)]
    const video = await uploaded(t, owner, fakeMp4(), 'v.mp4', 'video/mp4')
    const id = await liveAd(t, owner, { images: [b.id, a.id], videos: [video.id] })

    const ad = (await t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).json()
    expect(ad.images).toEqual([`/media/${b.id}/640.webp`, `/media/${a.id}/640.webp`])
    expect(ad.photos[0]).toEqual(b.photo)
    expect(ad.photos[0]).toMatchObject({ width: 400, height: 300 })
    expect(ad.videos).toEqual([`/media/${video.id}/video`])
    const listed = (await t.app.inject({ method: 'GET', url: '/api/ads' })).json()
    expect(listed.items[0].photos.map((p: { src: string }) => p.src)).toEqual(ad.images)
    const mine = (await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0].mediaIds).toEqual({ images: [b.id, a.id], videos: [video.id] })
  })

  it('refuses a 9th photo, a 5th video when posting and a 3rd when editing', async () => {
    const owner = await member(t)
    const nine = Array.from({ length: 9 }, (_, i) => `photo${i}`)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: owner.auth,
      payload: adBody({ images: nine }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/At most 8 photos/)
    const five = Array.from({ length: 5 }, (_, i) => `video${i}`)
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: owner.auth,
      payload: adBody({ videos: five }),
    })
    expect(post.json().detail).toMatch(/At most 4 videos/)
    const id = await createAd(t, owner)
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: owner.auth,
      payload: { videos: ['v1', 'v2', 'v3'] },
    })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().detail).toMatch(/At most 2 videos when editing/)
  })

  it("refuses someone else's media, a video among the photos and one upload in two ads with 422", async () => {
    const owner = await member(t)
    const stranger = await member(t)
    const theirs = await photoOf(stranger)
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/ads', headers: owner.auth, payload: adBody(payload) })

    const stolen = await post({ images: [theirs.id] })
    expect(stolen.statusCode).toBe(422)
    expect(stolen.json().detail).toBe(`Media not found among your uploads: ${theirs.id}`)
    expect((await post({ images: ['AAAAAAAAAAAAAAAAAAAAAA'] })).json().detail).toMatch(
      /not found among your uploads/,
    )

    const video = await uploaded(t, owner, fakeMp4(), 'v.mp4', 'video/mp4')
    const mixed = await post({ images: [video.id] })
    expect(mixed.statusCode).toBe(422)
    expect(mixed.json().detail).toBe(`${video.id} is a video: it cannot be in images`)

    const mine = await photoOf(owner)
    expect((await post({ images: [mine.id, mine.id] })).statusCode).toBe(422)
    await createAd(t, owner, { images: [mine.id] })
    const reused = await post({ images: [mine.id] })
    expect(reused.statusCode).toBe(422)
    expect(reused.json().detail).toMatch(/already belongs to another ad/)
  })

  it('attaches media on edit and lets go of those dropped', async () => {
    const owner = await member(t)
    const [a, b] = [await photoOf(owner), await photoOf(owner)]
    const id = await createAd(t, owner, { images: [a.id] })
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: owner.auth,
      payload: { images: [b.id] },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().images).toEqual([`/media/${b.id}/640.webp`])
    const rows = await t.db.select({ id: media.id, adId: media.adId }).from(media)
    expect(Object.fromEntries(rows.map((r) => [r.id, r.adId]))).toEqual({ [a.id]: null, [b.id]: id })
  })
})

// the owner asks for them: a file of no live ad is theirs alone (docs/decisions/062-public-media.md)
describe('deleting media files', () => {
  it('deletes the files of an ad its owner removes, but keeps a file another upload shares', async () => {
    const owner = await member(t, { trusted: true })
    const bytes = await jpeg(600, 400, 99)
    const first = await uploaded(t, owner, bytes)
    const twin = await uploaded(t, owner, bytes)
    const other = await photoOf(owner)
    const id = await createAd(t, owner, { images: [first.id, other.id] })
    await createAd(t, owner, { images: [twin.id] })

    const removed = await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })
    expect(removed.statusCode).toBe(204)
    expect((await served(t, other.url, owner.auth)).statusCode).toBe(404)
    expect((await served(t, first.url, owner.auth)).statusCode).toBe(404)
    // the twin names the same files (320 px and, for 640 and 1280 alike, 600 px): they stay
    expect((await served(t, twin.url, owner.auth)).statusCode).toBe(200)
    expect(storedFiles(mediaDir).length).toBe(2)
  })

  it('deletes the files of an ad an admin removes, and every file on a purge', async () => {
    const owner = await member(t, { trusted: true })
    const photo = await photoOf(owner)
    const id = await liveAd(t, owner, { images: [photo.id] })
    const admin = { authorization: `Bearer ${await createAdminSession(t.db, 'boss')}` }
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/remove`,
      headers: admin,
      payload: { reason: 'Stolen photos' },
    })
    expect(res.statusCode).toBe(204)
    expect((await served(t, photo.url, owner.auth)).statusCode).toBe(404)

    const kept = await photoOf(owner)
    expect((await served(t, kept.url, owner.auth)).statusCode).toBe(200)
    const purge = await t.app.inject({ method: 'POST', url: '/api/admin/purge', headers: admin })
    expect(purge.statusCode).toBe(200)
    expect(storedFiles(mediaDir)).toEqual([])
  })

  it('deletes uploads no ad claimed within 24 hours, and only those', async () => {
    const owner = await member(t, { trusted: true })
    const abandoned = await photoOf(owner)
    const used = await photoOf(owner)
    await createAd(t, owner, { images: [used.id] })
    const log = t.app.log

    expect(await sweepAbandonedUploads(t.app.mediaLibrary, log, new Date(Date.now() + 23 * HOUR))).toBe(0)
    expect((await served(t, abandoned.url, owner.auth)).statusCode).toBe(200)
    expect(await sweepAbandonedUploads(t.app.mediaLibrary, log, new Date(Date.now() + 25 * HOUR))).toBe(1)
    expect((await served(t, abandoned.url, owner.auth)).statusCode).toBe(404)
    expect((await served(t, used.url, owner.auth)).statusCode).toBe(200)
    // a 400 px photo is two files: 320 px, and 400 px for both larger widths
    expect(storedFiles(mediaDir).length).toBe(2)
  })
})
