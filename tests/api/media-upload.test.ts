import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import {
  exifTags,
  fakeMp4,
  jpeg,
  jpegWithGps,
  leftoverUploads,
  MEDIA_URL,
  pngBomb,
  served,
  storedFiles,
  tempDir,
  upload,
  uploaded,
  withOwnTmpDir,
} from '#tests/support/media.ts'

let t: TestApp
let bomb: Buffer
const mediaDir = tempDir('maple-media-test-')
withOwnTmpDir()

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: mediaDir })
  bomb = await pngBomb()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

describe('uploading a photo', () => {
  it('serves it without any metadata: no GPS, no author, rotated upright by its EXIF', async () => {
    const owner = await member(t, { trusted: true })
    const original = await jpegWithGps()
    expect(exifTags(original)).toMatchObject({ GPSLatitude: 45.5017, Artist: 'Jane Poster' })

    const photo = await uploaded(t, owner, original)
    expect(photo.kind).toBe('photo')
    // 800 × 600 with Orientation 6 stands upright as 600 × 800
    expect(photo.photo).toMatchObject({ width: 600, height: 800 })
    expect(photo.photo?.placeholder).toMatch(/^data:image\/webp;base64,/)

    for (const width of [320, 640, 1280]) {
      const res = await served(t, `/media/${photo.id}/${width}.webp`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/webp')
      const tags = exifTags(res.rawPayload)
      const leaked = Object.keys(tags).filter((name) =>
        /^(GPS|Artist|Orientation|XMP|Exif(?!Tool))/.test(name),
      )
      expect(leaked).toEqual([])
      expect(tags.ImageWidth).toBe(Math.min(width, 600))
    }
  })

  it('stores three WebP widths, never upscaled, and no copy of the original', async () => {
    const owner = await member(t)
    const original = await jpeg(1600, 1200)
    const photo = await uploaded(t, owner, original)
    expect(photo.url).toBe(`/media/${photo.id}/640.webp`)
    expect(photo.photo?.srcSet).toBe(
      `/media/${photo.id}/320.webp 320w, /media/${photo.id}/640.webp 640w, /media/${photo.id}/1280.webp 1280w`,
    )
    expect(photo.photo).toMatchObject({ width: 1280, height: 960 })
    const files = storedFiles(mediaDir)
    expect(files.every((name) => /^[0-9a-f]{64}\.webp$/.test(name))).toBe(true)

    const small = await uploaded(t, owner, await jpeg(500, 400, 2))
    // every variant of a 500 px photo is 500 px wide: stored once, listed once
    expect(small.photo?.srcSet).toBe(`/media/${small.id}/320.webp 320w, /media/${small.id}/640.webp 500w`)
  })

  it('stores the same photo uploaded twice only once', async () => {
    const owner = await member(t)
    const bytes = await jpeg(900, 700, 3)
    const before = storedFiles(mediaDir).length
    await uploaded(t, owner, bytes)
    const once = storedFiles(mediaDir).length
    await uploaded(t, owner, bytes)
    expect(once - before).toBe(3)
    expect(storedFiles(mediaDir).length).toBe(once)
  })
})

describe('refusing what is not a photo or video', () => {
  it('refuses a program renamed photo.jpg and an SVG with 415, whatever their names and types say', async () => {
    const owner = await member(t)
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(2000, 1)])
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    )
    for (const [bytes, name, type] of [
      [exe, 'holiday.jpg', 'image/jpeg'],
      [svg, 'logo.svg', 'image/svg+xml'],
      [svg, 'logo.png', 'image/png'],
      [Buffer.from('hi'), 'tiny.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(t, owner, bytes, name, type)
      expect(res.statusCode, name).toBe(415)
      expect(res.json().detail).toMatch(/JPEG, PNG, WebP, HEIC or AVIF/)
    }
    expect(leftoverUploads()).toEqual([])
  })

  it('refuses a 16 MB photo with 413 and leaves nothing behind', async () => {
    const owner = await member(t)
    const before = storedFiles(mediaDir).length
    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(16 * 1024 * 1024, 7)])
    const res = await upload(t, owner, big)
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe('Photos may be at most 15 MB')
    expect(leftoverUploads()).toEqual([])
    expect(storedFiles(mediaDir).length).toBe(before)
  })

  it('refuses a 20,000 × 20,000 PNG from its header, without decoding it', async () => {
    const owner = await member(t)
    expect(bomb.length).toBeLessThan(15 * 1024 * 1024)
    const rssBefore = process.memoryUsage().rss
    const res = await upload(t, owner, bomb, 'bomb.png', 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe('Photos may be at most 40 megapixels')
    // decoding it would take 1.2 GB; reading its header takes nothing worth measuring
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024)
    expect(leftoverUploads()).toEqual([])
  })

  it('refuses a request that is not multipart, one without a file, and a JPEG that is only a header', async () => {
    const owner = await member(t)
    const json = await t.app.inject({
      method: 'POST',
      url: MEDIA_URL,
      headers: owner.auth,
      payload: { a: 1 },
    })
    expect(json.statusCode).toBe(415)
    const broken = await upload(
      t,
      owner,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
    )
    expect(broken.statusCode).toBe(415)
    expect(broken.json().detail).toMatch(/could not be read/)
    expect(leftoverUploads()).toEqual([])
  })
})

describe('who may upload', () => {
  it('asks for a signed-in member with a verified email', async () => {
    const bytes = await jpeg(100, 100)
    expect((await upload(t, null, bytes)).statusCode).toBe(401)
    const unverified = await member(t, { verified: false })
    const res = await upload(t, unverified, bytes)
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatch(/Verify your email/)
  })

  it('accepts an MP4 and a WebM by their bytes and stores them as sent', async () => {
    const owner = await member(t)
    const mp4 = fakeMp4()
    const video = await uploaded(t, owner, mp4, 'clip.bin', 'application/octet-stream')
    expect(video).toMatchObject({ kind: 'video', url: `/media/${video.id}/video`, photo: null })
    const res = await served(t, video.url)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.rawPayload.equals(mp4)).toBe(true)

    const webmHead = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex')
    const webm = await uploaded(
      t,
      owner,
      Buffer.concat([webmHead, Buffer.alloc(500, 3)]),
      'c.webm',
      'video/webm',
    )
    expect((await served(t, webm.url)).headers['content-type']).toBe('video/webm')
  })
})
