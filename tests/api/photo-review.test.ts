import { rmSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { media } from '#server/db/schema/media.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { fakeMp4, jpeg, served, storedFiles, tempDir, uploaded } from '#tests/support/media.ts'
import { adminAuth, decidePhoto, photoQueue } from '#tests/support/verification.ts'

let t: TestApp
const mediaDir = tempDir('maple-photo-review-test-')

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: mediaDir })
})
afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true })
  return t.close()
})
beforeEach(async () => {
  await t.reset()
  rmSync(mediaDir, { recursive: true, force: true })
})

let seed = 20
const photoOf = async (owner: Awaited<ReturnType<typeof member>>) =>
  uploaded(t, owner, await jpeg(400, 300, seed++))
const adBody = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).body
const ownerAdBody = async (id: string, headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: `/api/ads/${id}`, headers })).body
const listingBody = async () => (await t.app.inject({ method: 'GET', url: '/api/ads' })).body
// approved: kept an hour, so a later withdrawal reaches every cache (docs/decisions/062-public-media.md)
const PUBLIC_REVIEWED = 'public, max-age=3600'

describe("a new advertiser's photo", () => {
  it('is in no public answer and answers 404 to anyone but its owner and the admins until approved', async () => {
    const owner = await member(t)
    const photo = await photoOf(owner)
    const id = await liveAd(t, owner, { images: [photo.id] })

    // the ad itself is live at once, as when it is paid today
    const ad = JSON.parse(await adBody(id))
    expect(ad.images).toEqual([])
    expect(ad.photosUnderReview).toBe(1)
    expect(await adBody(id)).not.toContain(photo.id)
    expect(await listingBody()).not.toContain(photo.id)

    const stranger = await member(t)
    for (const headers of [{}, stranger.auth])
      expect((await served(t, photo.url, headers)).statusCode).toBe(404)
    for (const headers of [owner.auth, await adminAuth(t)]) {
      const res = await served(t, photo.url, headers)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    // on the ad's page its owner gets the placeholder too: a plain <img> cannot send the token
    const ownView = JSON.parse(await ownerAdBody(id, owner.auth))
    expect(ownView.status).toBe('live')
    expect(ownView.images).toEqual([])
    expect(ownView.photos).toEqual([])
    expect(ownView.photosUnderReview).toBe(1)
    // in /manage its owner sees it, and that it waits
    const mine = (await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0].images).toEqual([photo.url])
    expect(mine.items[0].photoReviews).toEqual([{ mediaId: photo.id, review: 'pending', reason: '' }])

    const admin = await adminAuth(t)
    expect((await decidePhoto(t, admin, photo.id, 'approve')).statusCode).toBe(204)
    expect(JSON.parse(await adBody(id)).images).toEqual([photo.url])
    expect(JSON.parse(await ownerAdBody(id, owner.auth)).images).toEqual([photo.url])
    expect(await listingBody()).toContain(photo.id)
    const now = await served(t, photo.url)
    expect(now.statusCode).toBe(200)
    expect(now.headers['cache-control']).toBe(PUBLIC_REVIEWED)
    expect((await decidePhoto(t, admin, photo.id, 'approve')).statusCode).toBe(409)
  })

  it('once refused is deleted from storage and its owner reads why', async () => {
    const owner = await member(t)
    const [kept, refused] = [await photoOf(owner), await photoOf(owner)]
    const id = await liveAd(t, owner, { images: [kept.id, refused.id] })
    const [row] = await t.db.select().from(media).where(eq(media.id, refused.id))
    const refusedFiles = row?.storageKeys ?? []
    expect(storedFiles(mediaDir)).toEqual(expect.arrayContaining(refusedFiles))
    const admin = await adminAuth(t)
    expect((await decidePhoto(t, admin, refused.id, 'refuse')).statusCode).toBe(400)
    const res = await decidePhoto(t, admin, refused.id, 'refuse', 'Shows a face that is not yours')
    expect(res.statusCode, res.body).toBe(204)
    expect(storedFiles(mediaDir).filter((name) => refusedFiles.includes(name))).toEqual([])
    expect(storedFiles(mediaDir).length).toBeGreaterThan(0)
    for (const headers of [{}, owner.auth, admin])
      expect((await served(t, refused.url, headers)).statusCode).toBe(404)

    const mine = (await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0].images).toEqual([kept.url])
    expect(mine.items[0].photoReviews).toContainEqual({
      mediaId: refused.id,
      review: 'refused',
      reason: 'Shows a face that is not yours',
    })
    expect(JSON.parse(await adBody(id)).photosUnderReview).toBe(1)
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items[0]).toMatchObject({
      action: 'photo_refused',
      target: `media:${refused.id}`,
      admin: 'boss',
    })
  })
})

describe("a verified advertiser's photo", () => {
  it('shows at once and stays in the queue, where a refusal still takes it down', async () => {
    const owner = await member(t, { trusted: true })
    const photo = await photoOf(owner)
    const id = await liveAd(t, owner, { images: [photo.id] })
    expect(JSON.parse(await adBody(id)).images).toEqual([photo.url])
    expect((await served(t, photo.url)).statusCode).toBe(200)

    const admin = await adminAuth(t)
    const [queued] = await photoQueue(t, admin)
    expect(queued).toMatchObject({ mediaId: photo.id, adId: id, ownerVerified: true })
    await decidePhoto(t, admin, photo.id, 'refuse', 'Not allowed on this site')
    expect(JSON.parse(await adBody(id)).images).toEqual([])
    expect((await served(t, photo.url)).statusCode).toBe(404)
  })
})

describe('the photo queue', () => {
  it('puts reported ads first, then the oldest photo, and is for admins only', async () => {
    const owner = await member(t)
    const first = await photoOf(owner)
    const second = await photoOf(owner)
    const third = await photoOf(owner)
    await liveAd(t, owner, { images: [first.id], title: 'First' })
    await liveAd(t, owner, { images: [second.id], title: 'Second' })
    const reported = await liveAd(t, owner, { images: [third.id], title: 'Reported' })
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/ads/${reported}/reports`,
      payload: { reason: 'spam' },
    })
    expect(report.statusCode).toBeLessThan(300)

    const queue = await photoQueue(t, await adminAuth(t))
    expect(queue.map((p) => p.mediaId)).toEqual([third.id, first.id, second.id])
    expect(queue[0]?.openReports).toBe(1)
    // an upload no ad uses yet is not reviewed: nobody else can fetch it anyway
    await photoOf(owner)
    expect(await photoQueue(t, await adminAuth(t))).toHaveLength(3)

    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/photos', headers: owner.auth })
    expect(denied.statusCode).toBe(403)
    const unknown = await decidePhoto(t, await adminAuth(t), 'AAAAAAAAAAAAAAAAAAAAAA', 'approve')
    expect(unknown.statusCode).toBe(404)
    const malformed = await decidePhoto(t, await adminAuth(t), '../x', 'approve')
    expect(malformed.statusCode).toBe(400)
  })
})

// videos are reviewed by the same rules (docs/decisions/064-video-review.md)
describe("a new advertiser's video", () => {
  it('plays for no one else until an admin, who finds it in the queue, approves it', async () => {
    const owner = await member(t)
    const video = await uploaded(t, owner, fakeMp4(8_000, seed++), 'clip.mp4', 'video/mp4')
    const id = await liveAd(t, owner, { videos: [video.id] })
    expect(JSON.parse(await adBody(id)).videos).toEqual([])
    expect(await listingBody()).not.toContain(video.id)
    const stranger = await member(t)
    for (const headers of [{}, stranger.auth])
      expect((await served(t, video.url, headers)).statusCode).toBe(404)
    expect((await served(t, video.url, owner.auth)).statusCode).toBe(200)

    const admin = await adminAuth(t)
    const [queued] = await photoQueue(t, admin)
    expect(queued).toMatchObject({
      mediaId: video.id,
      adId: id,
      kind: 'video',
      video: video.url,
      photo: null,
    })
    const res = await served(t, video.url, admin)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('private, no-store')

    expect((await decidePhoto(t, admin, video.id, 'approve')).statusCode).toBe(204)
    expect(JSON.parse(await adBody(id)).videos).toEqual([video.url])
    const now = await served(t, video.url)
    expect(now.statusCode).toBe(200)
    expect(now.headers['cache-control']).toBe(PUBLIC_REVIEWED)
  })

  it('of a verified advertiser plays at once, and a refusal takes it down and deletes its file', async () => {
    const owner = await member(t, { trusted: true })
    const video = await uploaded(t, owner, fakeMp4(8_000, seed++), 'clip.mp4', 'video/mp4')
    const id = await liveAd(t, owner, { videos: [video.id] })
    expect(JSON.parse(await adBody(id)).videos).toEqual([video.url])
    expect((await served(t, video.url)).statusCode).toBe(200)
    const admin = await adminAuth(t)
    expect((await decidePhoto(t, admin, video.id, 'refuse', 'Not the advertiser')).statusCode).toBe(204)
    expect(JSON.parse(await adBody(id)).videos).toEqual([])
    for (const headers of [{}, owner.auth, admin])
      expect((await served(t, video.url, headers)).statusCode).toBe(404)
    expect(storedFiles(mediaDir)).toEqual([])
  })
})
