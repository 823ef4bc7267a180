// Uploading photos and videos: what is stored and served (no metadata, three WebP widths, one copy
// of a photo sent twice), and who may upload at all.
import { describe, expect, it } from 'vitest'
import { member } from '#tests/support/ads.ts'
import {
  exifTags,
  fakeMp4,
  jpeg,
  jpegWithGps,
  mp4HeaderThenJunk,
  served,
  storedFiles,
  upload,
  uploaded,
} from '#tests/support/media.ts'
import { setupMediaApp } from '#tests/support/media-app.ts'
import { webmWithMetadata } from '#tests/support/webm.ts'

const { api, mediaDir } = setupMediaApp()

describe('uploading a photo', () => {
  it('serves it without any metadata: no GPS, no author, rotated upright by its EXIF', async () => {
    const owner = await member(api.t, { trusted: true })
    const original = await jpegWithGps()
    expect(exifTags(original)).toMatchObject({ GPSLatitude: 45.5017, Artist: 'Jane Poster' })

    const photo = await uploaded(api.t, owner, original)
    expect(photo.kind).toBe('photo')
    // 800 × 600 with Orientation 6 stands upright as 600 × 800
    expect(photo.photo).toMatchObject({ width: 600, height: 800 })
    expect(photo.photo?.placeholder).toMatch(/^data:image\/webp;base64,/)

    for (const width of [320, 640, 1280]) {
      const res = await served(api.t, `/media/${photo.id}/${width}.webp`, owner.auth)
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
    const owner = await member(api.t)
    const original = await jpeg(1600, 1200)
    const photo = await uploaded(api.t, owner, original)
    expect(photo.url).toBe(`/media/${photo.id}/640.webp`)
    expect(photo.photo?.srcSet).toBe(
      `/media/${photo.id}/320.webp 320w, /media/${photo.id}/640.webp 640w, /media/${photo.id}/1280.webp 1280w`,
    )
    expect(photo.photo).toMatchObject({ width: 1280, height: 960 })
    const files = storedFiles(mediaDir)
    expect(files.every((name) => /^[0-9a-f]{64}\.webp$/.test(name))).toBe(true)

    const small = await uploaded(api.t, owner, await jpeg(500, 400, 2))
    // every variant of a 500 px photo is 500 px wide: stored once, listed once
    expect(small.photo?.srcSet).toBe(`/media/${small.id}/320.webp 320w, /media/${small.id}/640.webp 500w`)
  })

  it('stores the same photo uploaded twice only once', async () => {
    const owner = await member(api.t)
    const bytes = await jpeg(900, 700, 3)
    const before = storedFiles(mediaDir).length
    await uploaded(api.t, owner, bytes)
    const once = storedFiles(mediaDir).length
    await uploaded(api.t, owner, bytes)
    expect(once - before).toBe(3)
    expect(storedFiles(mediaDir).length).toBe(once)
  })
})

describe('who may upload', () => {
  it('asks for a signed-in member with a verified email', async () => {
    const bytes = await jpeg(100, 100)
    expect((await upload(api.t, null, bytes)).statusCode).toBe(401)
    const unverified = await member(api.t, { verified: false })
    const res = await upload(api.t, unverified, bytes)
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatch(/Verify your email/)
  })

  it('refuses a video not built like the one it claims, 415 with words, keeping nothing', async () => {
    const owner = await member(api.t)
    const webmHead = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex')
    const valid = fakeMp4(4096)
    const moovAt = valid.indexOf('moov') - 4
    for (const [name, bytes, type] of [
      // the attack run's file: a megabyte of random bytes behind an MP4 header
      ['random.mp4', mp4HeaderThenJunk(1024 * 1024), 'video/mp4'],
      ['cut.mp4', valid.subarray(0, valid.length - 10), 'video/mp4'],
      // ftyp and mdat, but no moov to say what the bytes are
      [
        'no-moov.mp4',
        Buffer.concat([valid.subarray(0, moovAt), valid.subarray(valid.indexOf('mdat') - 4)]),
        'video/mp4',
      ],
      // a well-built file with 30,000 empty boxes after its header: no video has so many, and
      // reading each one would keep the disk busy (check-video.ts MAX_TOP_BOXES)
      [
        'tiny-boxes.mp4',
        Buffer.concat([
          valid.subarray(0, valid.readUInt32BE(0)),
          Buffer.concat(Array.from({ length: 30_000 }, () => Buffer.from('0000000866726565', 'hex'))),
          valid.subarray(valid.readUInt32BE(0)),
        ]),
        'video/mp4',
      ],
      ['random.webm', Buffer.concat([webmHead, Buffer.alloc(500, 3)]), 'video/webm'],
      ['cut.webm', webmWithMetadata().subarray(0, 200), 'video/webm'],
    ] as const) {
      const res = await upload(api.t, owner, bytes, name, type)
      expect(res.statusCode, name).toBe(415)
      expect(res.json(), name).toMatchObject({ code: 'media.video_unreadable' })
    }
    expect(await api.t.app.mediaLibrary.usedBytes(owner.id)).toBe(0)
  })

  it('accepts an MP4 and a WebM by their bytes and stores them as sent', async () => {
    const owner = await member(api.t)
    const mp4 = fakeMp4()
    const video = await uploaded(api.t, owner, mp4, 'clip.bin', 'application/octet-stream')
    expect(video).toMatchObject({ kind: 'video', url: `/media/${video.id}/video`, photo: null })
    const res = await served(api.t, video.url, owner.auth)
    expect(res.headers['content-type']).toBe('video/mp4')
    expect(res.rawPayload.equals(mp4)).toBe(true)

    const webm = await uploaded(api.t, owner, webmWithMetadata(), 'c.webm', 'video/webm')
    expect((await served(api.t, webm.url, owner.auth)).headers['content-type']).toBe('video/webm')
  })
})
