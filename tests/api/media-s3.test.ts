import { rmSync } from 'node:fs'
import { inArray } from 'drizzle-orm'
import S3rver from 's3rver'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { media } from '#server/db/schema/media.ts'
import { createAd, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { exifTags, fakeMp4, jpegWithGps, served, tempDir, upload, uploaded } from '#tests/support/media.ts'

// The same upload and serve paths as media-upload/media-serve, on the S3 driver against a real
// S3-protocol server on loopback (s3rver, with its files in a temporary directory).
let t: TestApp
let s3: S3rver
const s3Dir = tempDir('maple-s3rver-')

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'maple-media' }],
  })
  const { port } = await s3.run()
  t = await createTestApp({
    S3_BUCKET: 'maple-media',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: true,
  })
})
afterAll(async () => {
  await t.close()
  await new Promise<void>((resolve) => s3.close(() => resolve()))
  rmSync(s3Dir, { recursive: true, force: true })
})
beforeEach(() => t.reset())

async function keysOf(ids: string[]): Promise<string[]> {
  const rows = await t.db.select({ keys: media.storageKeys }).from(media).where(inArray(media.id, ids))
  return rows.flatMap((row) => row.keys)
}

describe('media on S3-compatible storage', () => {
  it('stores photos without GPS in the bucket and serves them through the API', async () => {
    expect(t.app.mediaLibrary.store.kind).toBe('s3')
    const owner = await member(t, { trusted: true })
    const photo = await uploaded(t, owner, await jpegWithGps())
    await liveAd(t, owner, { images: [photo.id] })
    const res = await served(t, photo.url)
    expect(res.statusCode).toBe(200)
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, no-cache',
      'x-content-type-options': 'nosniff',
    })
    const tags = exifTags(res.rawPayload)
    expect(Object.keys(tags).filter((name) => /^(GPS|Artist|Orientation|XMP)/.test(name))).toEqual([])
    for (const key of await keysOf([photo.id]))
      expect(await t.app.mediaLibrary.store.size(key)).toBeGreaterThan(0)
  })

  it('serves a video Range from the bucket with 206, and 404 for unknown media', async () => {
    const mp4 = fakeMp4(20_000, 9)
    const owner = await member(t)
    const video = await uploaded(t, owner, mp4, 'v.mp4', 'video/mp4')
    const part = await served(t, video.url, { ...owner.auth, range: 'bytes=1000-1999' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe('bytes 1000-1999/20000')
    expect(part.rawPayload.equals(mp4.subarray(1000, 2000))).toBe(true)
    const whole = await served(t, video.url, owner.auth)
    expect(whole.rawPayload.equals(mp4)).toBe(true)
    expect((await served(t, '/media/AAAAAAAAAAAAAAAAAAAAAA/video')).statusCode).toBe(404)
    expect((await served(t, video.url, { ...owner.auth, range: 'bytes=20000-' })).statusCode).toBe(416)
  })

  it('refuses bad files on S3 as on disk and deletes a removed ad’s objects from the bucket', async () => {
    const owner = await member(t)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect((await upload(t, owner, svg, 'a.svg', 'image/svg+xml')).statusCode).toBe(415)

    const photo = await uploaded(t, owner, await jpegWithGps())
    const id = await createAd(t, owner, { images: [photo.id] })
    const keys = await keysOf([photo.id])
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })
    expect(removed.statusCode).toBe(204)
    for (const key of keys) expect(await t.app.mediaLibrary.store.size(key)).toBeNull()
    expect((await served(t, photo.url, owner.auth)).statusCode).toBe(404)
  })

  it('refuses to start with half the S3 credentials, or S3 settings without a bucket', () => {
    const base = { NODE_ENV: 'test', S3_BUCKET: 'b' }
    expect(() => loadConfig({ ...base, S3_ACCESS_KEY_ID: 'k' })).toThrow(ConfigError)
    expect(() => loadConfig({ NODE_ENV: 'test', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/)
    expect(() => loadConfig({ ...base, S3_ENDPOINT: 'not a url' })).toThrow(ConfigError)
    expect(loadConfig({ ...base, S3_FORCE_PATH_STYLE: 'true' })).toMatchObject({
      S3_BUCKET: 'b',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    })
  })
})
