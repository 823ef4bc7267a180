import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { media } from '#server/db/schema/media.ts'
import { createAd, expire, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { fakeMp4, jpeg, served, tempDir, uploaded } from '#tests/support/media.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: tempDir('maple-media-test-') })
})
afterAll(() => t.close())
beforeEach(() => t.reset())

describe('serving media files', () => {
  it('serves the photo of a live ad as WebP no browser may sniff, kept an hour, never immutable', async () => {
    // a verified advertiser's photo shows before its review (docs/decisions/032-photo-review.md),
    // and is asked for again on every use until the review has approved it (062-public-media.md)
    const owner = await member(t, { trusted: true })
    const photo = await uploaded(t, owner, await jpeg(700, 500))
    await liveAd(t, owner, { images: [photo.id] })
    const res = await served(t, photo.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, no-cache',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    })
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    const again = await served(t, photo.url, { 'if-none-match': String(res.headers.etag) })
    expect(again.statusCode).toBe(304)

    await t.db.update(media).set({ review: 'approved' }).where(eq(media.id, photo.id))
    expect((await served(t, photo.url)).headers['cache-control']).toBe('public, max-age=3600')
  })

  it('keeps an upload on no ad, on an unpaid ad or on an expired ad to its owner, uncached', async () => {
    const owner = await member(t, { trusted: true })
    const stranger = await member(t)
    const photo = await uploaded(t, owner, await jpeg(300, 200))
    const privately = async () => {
      expect((await served(t, photo.url)).statusCode).toBe(404)
      expect((await served(t, photo.url, stranger.auth)).statusCode).toBe(404)
      const own = await served(t, photo.url, owner.auth)
      expect(own.statusCode).toBe(200)
      expect(own.headers['cache-control']).toBe('private, no-store')
    }
    await privately()
    const unpaid = await createAd(t, owner, { images: [photo.id] })
    expect(unpaid).toBeTruthy()
    await privately()

    const other = await uploaded(t, owner, await jpeg(300, 200, 2))
    const id = await liveAd(t, owner, { images: [other.id] })
    expect((await served(t, other.url)).statusCode).toBe(200)
    await expire(t, id)
    // a conditional request is judged like any other: the copy a cache holds is withdrawn
    expect((await served(t, other.url, { 'if-none-match': '"x"' })).statusCode).toBe(404)
  })

  it('answers a Range on a video with 206 and exactly those bytes, and 416 past its end', async () => {
    const mp4 = fakeMp4(10_000)
    const owner = await member(t)
    const video = await uploaded(t, owner, mp4, 'clip.mp4', 'video/mp4')
    const asOwner = (url: string, headers: Record<string, string>) =>
      served(t, url, { ...owner.auth, ...headers })
    const part = await asOwner(video.url, { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 100-199/10000')
    expect(part.headers['content-length']).toBe('100')
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true)

    const open = await asOwner(video.url, { range: 'bytes=9990-' })
    expect(open.headers['content-range']).toBe('bytes 9990-9999/10000')
    const suffix = await asOwner(video.url, { range: 'bytes=-10' })
    expect(suffix.rawPayload.equals(mp4.subarray(9990))).toBe(true)

    const past = await asOwner(video.url, { range: 'bytes=10000-' })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe('bytes */10000')
    // a syntax we do not serve (several ranges) gets the whole file, as HTTP allows
    const several = await asOwner(video.url, { range: 'bytes=0-1,5-6' })
    expect(several.statusCode).toBe(200)
    expect(several.rawPayload.length).toBe(10_000)
  })

  it('answers 404, never 500, for unknown ids, variants and paths', async () => {
    const owner = await member(t)
    const photo = await uploaded(t, owner, await jpeg(300, 200))
    for (const url of [
      '/media/AAAAAAAAAAAAAAAAAAAAAA/640.webp',
      `/media/${photo.id}/800.webp`,
      `/media/${photo.id}/video`,
      `/media/${photo.id}/..%2F..%2Fetc%2Fpasswd`,
      '/media/%2E%2E/640.webp',
      `/media/${'x'.repeat(90)}/640.webp`,
      '/media/',
      '/media/abc',
    ]) {
      const res = await served(t, url, owner.auth)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ detail: 'Not found', code: 'request.not_found' })
    }
  })
})
