// Refusing what is not a photo or video: programs and SVGs by their bytes, files too big, images
// too big or too long by their header, and requests that carry no usable file.
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { member } from '#tests/support/ads.ts'
import {
  jpeg,
  leftoverUploads,
  MEDIA_URL,
  multipartBody,
  pngBomb,
  storedFiles,
  tallPngHeader,
  upload,
} from '#tests/support/media.ts'
import { setupMediaApp } from '#tests/support/media-app.ts'

const { api, mediaDir } = setupMediaApp()
let bomb: Buffer
beforeAll(async () => {
  bomb = await pngBomb()
})

describe('refusing what is not a photo or video', () => {
  it('refuses a program renamed photo.jpg and an SVG with 415, whatever their names and types say', async () => {
    const owner = await member(api.t)
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
      const res = await upload(api.t, owner, bytes, name, type)
      expect(res.statusCode, name).toBe(415)
      expect(res.json().detail).toMatch(/JPEG, PNG, WebP, HEIC or AVIF/)
    }
    expect(leftoverUploads()).toEqual([])
  })

  it('refuses a 16 MB photo with 413 and leaves nothing behind', async () => {
    const owner = await member(api.t)
    const before = storedFiles(mediaDir).length
    const big = Buffer.concat([await jpeg(64, 64), Buffer.alloc(16 * 1024 * 1024, 7)])
    const res = await upload(api.t, owner, big)
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe('Photos may be at most 15 MB')
    expect(leftoverUploads()).toEqual([])
    expect(storedFiles(mediaDir).length).toBe(before)
  })

  it('refuses a 20,000 × 20,000 PNG from its header, without decoding it', async () => {
    const owner = await member(api.t)
    expect(bomb.length).toBeLessThan(15 * 1024 * 1024)
    const rssBefore = process.memoryUsage().rss
    const res = await upload(api.t, owner, bomb, 'bomb.png', 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe('Photos may be at most 40 megapixels')
    // decoding it would take 1.2 GB; reading its header takes nothing worth measuring
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024)
    expect(leftoverUploads()).toEqual([])
  })

  it('refuses a 2 × 19,000,000 PNG of a few KB from its header, in words, in English and French', async () => {
    const owner = await member(api.t)
    const tall = tallPngHeader()
    expect(tall.length).toBeLessThan(10 * 1024)
    const res = await upload(api.t, owner, tall, 'tall.png', 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe(
      'Photos may be at most 16,383 pixels on a side and at most 20 times as long as they are wide',
    )
    const body = multipartBody(tall, 'tall.png', 'image/png')
    const french = await api.t.app.inject({
      method: 'POST',
      url: MEDIA_URL,
      headers: { ...body.headers, ...owner.auth, 'accept-language': 'fr-CA' },
      payload: body.payload,
    })
    expect(french.statusCode).toBe(413)
    expect(french.json().detail).toMatch(/^Les photos peuvent mesurer au plus 16\s383 pixels de côté/)
    expect(leftoverUploads()).toEqual([])
  })

  it('refuses a strip more than 20 times longer than wide, and takes one exactly 20 times', async () => {
    const owner = await member(api.t)
    const strip = await sharp({ create: { width: 2100, height: 100, channels: 3, background: '#840' } })
      .png()
      .toBuffer()
    const refused = await upload(api.t, owner, strip, 'strip.png', 'image/png')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().detail).toMatch(/20 times as long as they are wide/)
    const banner = await sharp({ create: { width: 2000, height: 100, channels: 3, background: '#840' } })
      .png()
      .toBuffer()
    expect((await upload(api.t, owner, banner, 'banner.png', 'image/png')).statusCode).toBe(201)
  })

  it('refuses a request that is not multipart, one without a file, and a JPEG that is only a header', async () => {
    const owner = await member(api.t)
    const json = await api.t.app.inject({
      method: 'POST',
      url: MEDIA_URL,
      headers: owner.auth,
      payload: { a: 1 },
    })
    expect(json.statusCode).toBe(415)
    const broken = await upload(
      api.t,
      owner,
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200)]),
    )
    expect(broken.statusCode).toBe(415)
    expect(broken.json().detail).toMatch(/could not be read/)
    expect(leftoverUploads()).toEqual([])
  })
})
