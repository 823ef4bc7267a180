import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { fakeMp4, jpeg, served, tempDir, uploaded } from '#tests/support/media.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: tempDir('maple-media-test-') })
})
afterAll(() => t.close())
beforeEach(() => t.reset())

describe('serving media files', () => {
  it('serves a photo as immutable WebP that no browser may sniff as something else', async () => {
    // a verified advertiser's photo shows before its review (docs/decisions/032-photo-review.md)
    const photo = await uploaded(t, await member(t, { trusted: true }), await jpeg(700, 500))
    const res = await served(t, photo.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    })
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length)
    const again = await served(t, photo.url, { 'if-none-match': String(res.headers.etag) })
    expect(again.statusCode).toBe(304)
  })

  it('answers a Range on a video with 206 and exactly those bytes, and 416 past its end', async () => {
    const mp4 = fakeMp4(10_000)
    const video = await uploaded(t, await member(t), mp4, 'clip.mp4', 'video/mp4')
    const part = await served(t, video.url, { range: 'bytes=100-199' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 100-199/10000')
    expect(part.headers['content-length']).toBe('100')
    expect(part.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true)

    const open = await served(t, video.url, { range: 'bytes=9990-' })
    expect(open.headers['content-range']).toBe('bytes 9990-9999/10000')
    const suffix = await served(t, video.url, { range: 'bytes=-10' })
    expect(suffix.rawPayload.equals(mp4.subarray(9990))).toBe(true)

    const past = await served(t, video.url, { range: 'bytes=10000-' })
    expect(past.statusCode).toBe(416)
    expect(past.headers['content-range']).toBe('bytes */10000')
    // a syntax we do not serve (several ranges) gets the whole file, as HTTP allows
    const several = await served(t, video.url, { range: 'bytes=0-1,5-6' })
    expect(several.statusCode).toBe(200)
    expect(several.rawPayload.length).toBe(10_000)
  })

  it('answers 404, never 500, for unknown ids, variants and paths', async () => {
    const photo = await uploaded(t, await member(t), await jpeg(300, 200))
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
      const res = await served(t, url)
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ detail: 'Not found', code: 'request.not_found' })
    }
  })
})
