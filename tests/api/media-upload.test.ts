import { connect } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type Member, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'
import {
  exifTags,
  fakeMp4,
  jpeg,
  jpegWithGps,
  leftoverUploads,
  MEDIA_URL,
  multipartBody,
  pngBomb,
  served,
  storedFiles,
  tallPngHeader,
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

  it('refuses a 2 × 19,000,000 PNG of a few KB from its header, in words, in English and French', async () => {
    const owner = await member(t)
    const tall = tallPngHeader()
    expect(tall.length).toBeLessThan(10 * 1024)
    const res = await upload(t, owner, tall, 'tall.png', 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json().detail).toBe(
      'Photos may be at most 16,383 pixels on a side and at most 20 times as long as they are wide',
    )
    const body = multipartBody(tall, 'tall.png', 'image/png')
    const french = await t.app.inject({
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
    const owner = await member(t)
    const strip = await sharp({ create: { width: 2100, height: 100, channels: 3, background: '#840' } })
      .png()
      .toBuffer()
    const refused = await upload(t, owner, strip, 'strip.png', 'image/png')
    expect(refused.statusCode).toBe(413)
    expect(refused.json().detail).toMatch(/20 times as long as they are wide/)
    const banner = await sharp({ create: { width: 2000, height: 100, channels: 3, background: '#840' } })
      .png()
      .toBuffer()
    expect((await upload(t, owner, banner, 'banner.png', 'image/png')).statusCode).toBe(201)
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

describe('a refused upload on a kept-alive connection', () => {
  /** Sends raw HTTP/1.1 on one socket and reads one answer at a time, or the socket's end. */
  function rawConnection(port: number) {
    const socket = connect(port, '127.0.0.1')
    let received = Buffer.alloc(0)
    let ended = false
    const waiters = new Set<() => void>()
    const wake = () => {
      for (const w of [...waiters]) w()
    }
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk])
      wake()
    })
    socket.on('close', () => {
      ended = true
      wake()
    })
    socket.on('error', () => {})
    /** The next whole answer (its head and Content-Length bytes), or null if the socket closed first. */
    async function answer(): Promise<{ head: string; body: string } | null> {
      for (;;) {
        const split = received.indexOf('\r\n\r\n')
        if (split >= 0) {
          const head = received.subarray(0, split).toString('latin1')
          const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)
          if (received.length >= split + 4 + length) {
            const body = received.subarray(split + 4, split + 4 + length).toString()
            received = received.subarray(split + 4 + length)
            return { head, body }
          }
        }
        if (ended) return null
        await new Promise<void>((resolve) => {
          const done = () => {
            waiters.delete(done)
            resolve()
          }
          waiters.add(done)
        })
      }
    }
    return { socket, answer, closed: () => ended }
  }

  /** A whole upload request, or (with a declared length) only its start: the rest never comes. */
  function uploadRequest(m: Member, bytes: Buffer, declaredLength?: number): Buffer {
    const body = multipartBody(bytes, 'logo.svg', 'image/svg+xml')
    const boundary = body.headers['content-type'].split('boundary=')[1] ?? ''
    const payload = declaredLength
      ? body.payload.subarray(0, body.payload.length - `\r\n--${boundary}--\r\n`.length)
      : body.payload
    const head =
      `POST ${MEDIA_URL} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n` +
      `Authorization: ${m.auth.authorization}\r\nContent-Type: ${body.headers['content-type']}\r\n` +
      `Content-Length: ${declaredLength ?? body.payload.length}\r\n\r\n`
    return Buffer.concat([Buffer.from(head), payload])
  }

  let port = 0
  async function listening(): Promise<number> {
    port ||= Number(new URL(await listen(t)).port)
    return port
  }

  const GET_ROOT = 'GET /api/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n'

  it('answers the next request on the same socket after a refused 1 MB SVG', async () => {
    const owner = await member(t)
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${'<!-- x -->'.repeat(100_000)}</svg>`)
    const conn = rawConnection(await listening())
    try {
      conn.socket.write(uploadRequest(owner, svg))
      const refused = await conn.answer()
      expect(refused?.head).toMatch(/^HTTP\/1\.1 415/)
      conn.socket.write(GET_ROOT)
      const next = await conn.answer()
      expect(next?.head).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      conn.socket.destroy()
    }
  })

  it('closes the connection after refusing an upload too big to read for nothing', async () => {
    const owner = await member(t)
    const start = await jpeg(64, 64)
    const conn = rawConnection(await listening())
    try {
      // a photo past 15 MB, in a body declared bigger still: reading the rest would cost 48 MB for nothing
      const photoStart = Buffer.concat([start, Buffer.alloc(16 * 1024 * 1024, 7)])
      conn.socket.write(uploadRequest(owner, photoStart, 64 * 1024 * 1024))
      const refused = await conn.answer()
      expect(refused?.head).toMatch(/^HTTP\/1\.1 4\d\d/)
      expect(refused?.head).toMatch(/\r\nconnection: close/i)
      // the client learns it at once and opens a new connection, instead of a hang
      expect(await conn.answer()).toBeNull()
      expect(conn.closed()).toBe(true)
    } finally {
      conn.socket.destroy()
    }
  })
})
