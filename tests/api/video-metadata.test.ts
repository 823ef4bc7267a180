// Videos lose their metadata at upload (docs/decisions/032-photo-review.md, "Videos"): the box
// rewriter on its own, then through POST /api/media to what /media serves. exiftool is the judge.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stripVideoMetadata } from '#server/services/media/strip-video-metadata.ts'
import { stripWebmMetadata } from '#server/services/media/strip-webm-metadata.ts'
import { member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { exifTags, mp4HeaderThenJunk, served, tempDir, uploaded } from '#tests/support/media.ts'
import { minimalMp4, mp4WithLocation, mp4WithSubtitle } from '#tests/support/mp4.ts'
import { WEBM_SECRETS, webmWithMetadata } from '#tests/support/webm.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function stripped(bytes: Buffer, strip = stripVideoMetadata) {
  const dir = tempDir('maple-strip-')
  dirs.push(dir)
  const path = join(dir, 'clip')
  writeFileSync(path, bytes)
  const report = await strip(path)
  return { bytes: readFileSync(path), report }
}

/** The secrets the test WebM carries that are still somewhere in these bytes. */
const secretsIn = (bytes: Buffer) =>
  Object.values(WEBM_SECRETS).filter((secret) => bytes.includes(Buffer.from(secret, 'utf8')))
const WEBM_IDENTITY = /Title|MuxingApp|WritingApp|TrackName|Location|Artist|Encoder/

const IDENTITY = /GPS|Make|Model|Encoder|Creator|CompressorName|Location|Software|Author|Artist/

describe('stripping a video’s metadata', () => {
  for (const moovFirst of [true, false]) {
    it(`leaves no location, make, model or encoder for exiftool to find (moov ${moovFirst ? 'before' : 'after'} mdat)`, async () => {
      const original = mp4WithLocation({ moovFirst })
      expect(exifTags(original)).toMatchObject({
        GPSLatitude: 45.5017,
        Make: 'Apple',
        Encoder: 'Lavf60.16.100',
      })
      const { bytes, report } = await stripped(original)
      expect(report.changed).toBe(true)
      const tags = exifTags(bytes)
      expect(Object.keys(tags).filter((name) => IDENTITY.test(name))).toEqual([])
      expect(tags.CreateDate).toBe('0000:00:00 00:00:00')
      // the same file for a player: same size, same type, the same track and its media bytes
      expect(bytes.length).toBe(original.length)
      expect(tags).toMatchObject({ FileType: 'MP4', ImageWidth: 320, ImageHeight: 240, MediaDataSize: 2048 })
      const mdat = original.indexOf('mdat')
      expect(bytes.subarray(mdat, mdat + 2052).equals(original.subarray(mdat, mdat + 2052))).toBe(true)
    })
  }

  it('blanks the compressor name of a file that has no other metadata', async () => {
    const { bytes, report } = await stripped(minimalMp4())
    expect(report.blanked).toContain('avc1.compressorname')
    expect(exifTags(bytes).CompressorName ?? '').toBe('')
  })

  it('leaves bytes it cannot parse as they are, and never throws on them', async () => {
    const junk = mp4HeaderThenJunk(4096)
    const { bytes, report } = await stripped(junk)
    expect(report.changed).toBe(false)
    expect(bytes.equals(junk)).toBe(true)
    const truncated = mp4WithLocation().subarray(0, 900)
    await expect(stripped(truncated)).resolves.toBeDefined()
  })
})

describe('stripping a WebM’s metadata', () => {
  it('leaves no title, app, date, track name or tags for exiftool to find, and moves no media byte', async () => {
    const original = webmWithMetadata()
    expect(exifTags(original)).toMatchObject({
      Title: WEBM_SECRETS.title,
      WritingApp: WEBM_SECRETS.app,
      TrackName: WEBM_SECRETS.trackName,
      Location: WEBM_SECRETS.location,
      Artist: WEBM_SECRETS.artist,
    })
    const { bytes, report } = await stripped(original, stripWebmMetadata)
    expect(report.blanked).toEqual(['MuxingApp', 'WritingApp', 'Title', 'DateUTC', 'TrackName', 'Tags'])
    const tags = exifTags(bytes)
    expect(Object.entries(tags).filter(([name, value]) => WEBM_IDENTITY.test(name) && value !== '')).toEqual(
      [],
    )
    expect(tags.DateTimeOriginal).toBe('2001:01:01 00:00:00Z')
    expect(secretsIn(bytes)).toEqual([])
    // the same file for a player: same size, same type, the same track and its block
    expect(bytes.length).toBe(original.length)
    expect(tags).toMatchObject({ FileType: 'WEBM', VideoCodecID: 'V_VP9', ImageWidth: 320, ImageHeight: 240 })
    const block = original.indexOf(Buffer.alloc(512, 0x5a))
    expect(bytes.indexOf(Buffer.alloc(512, 0x5a))).toBe(block)
  })

  it('finds the tags after a cluster of unknown size, as a browser recording writes them', async () => {
    const original = webmWithMetadata({ live: true })
    const { bytes, report } = await stripped(original, stripWebmMetadata)
    expect(report.blanked).toContain('Tags')
    expect(secretsIn(bytes)).toEqual([])
    expect(bytes.length).toBe(original.length)
    expect(exifTags(bytes)).toMatchObject({ FileType: 'WEBM', ImageWidth: 320 })
  })

  it('leaves bytes it cannot parse as they are, and never throws on them', async () => {
    const junk = mp4HeaderThenJunk(4096)
    const { bytes, report } = await stripped(junk, stripWebmMetadata)
    expect(report.changed).toBe(false)
    expect(bytes.equals(junk)).toBe(true)
    for (const cut of [30, 120, 400]) {
      const truncated = webmWithMetadata().subarray(0, cut)
      await expect(stripped(truncated, stripWebmMetadata)).resolves.toBeDefined()
    }
  })
})

describe('an uploaded MP4', () => {
  let t: TestApp
  const mediaDir = tempDir('maple-video-test-')
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_DIR: mediaDir })
  })
  afterAll(async () => {
    await t.close()
    rmSync(mediaDir, { recursive: true, force: true })
  })

  it('is served without the location, the phone or the encoder exiftool wrote into it', async () => {
    const original = mp4WithLocation({ moovFirst: true })
    const owner = await member(t)
    const video = await uploaded(t, owner, original, 'clip.mp4', 'video/mp4')
    const res = await served(t, video.url, owner.auth)
    expect(res.statusCode).toBe(200)
    const tags = exifTags(res.rawPayload)
    expect(Object.keys(tags).filter((name) => IDENTITY.test(name))).toEqual([])
    expect(res.rawPayload.length).toBe(original.length)
  })

  it('keeps only its video and sound: a subtitle track’s GPS line is gone, the video plays as before', async () => {
    const line = 'GPS 45.501700 -73.567300 HOME'
    const original = mp4WithSubtitle(line)
    expect(original.includes(Buffer.from(line))).toBe(true)
    const owner = await member(t)
    const video = await uploaded(t, owner, original, 'drone.mp4', 'video/mp4')
    const res = await served(t, video.url, owner.auth)
    expect(res.statusCode).toBe(200)
    expect(res.rawPayload.length).toBe(original.length)
    expect(res.rawPayload.includes(Buffer.from('GPS 45.5'))).toBe(false)
    expect(res.rawPayload.includes(Buffer.from('SubtitleHandler'))).toBe(false)
    // the video track and its media bytes are untouched
    const tags = exifTags(res.rawPayload)
    expect(tags).toMatchObject({ FileType: 'MP4', ImageWidth: 320, ImageHeight: 240 })
    const mdat = original.indexOf('mdat')
    expect(res.rawPayload.subarray(mdat, mdat + 1028).equals(original.subarray(mdat, mdat + 1028))).toBe(true)
  })

  it('as a WebM, keeps only its video and sound: a WebVTT track’s GPS line and chapters are gone', async () => {
    const line = 'GPS 45.501700 -73.567300 HOME'
    for (const live of [false, true]) {
      const original = webmWithMetadata({ subtitle: line, live })
      expect(original.includes(Buffer.from(line))).toBe(true)
      const owner = await member(t)
      const video = await uploaded(t, owner, original, 'dashcam.webm', 'video/webm')
      const res = await served(t, video.url, owner.auth)
      expect(res.statusCode).toBe(200)
      expect(res.rawPayload.length).toBe(original.length)
      expect(res.rawPayload.includes(Buffer.from('GPS 45.5')), `live: ${live}`).toBe(false)
      expect(res.rawPayload.includes(Buffer.from('S_TEXT/WEBVTT'))).toBe(false)
      // the video's block is as it was
      const block = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.alloc(512, 0x5a)])
      expect(res.rawPayload.includes(block)).toBe(true)
      expect(exifTags(res.rawPayload)).toMatchObject({ FileType: 'WEBM', ImageWidth: 320 })
    }
  })

  it('as a WebM, is served without its title, apps, track name or tags', async () => {
    const original = webmWithMetadata()
    const owner = await member(t)
    const video = await uploaded(t, owner, original, 'clip.webm', 'video/webm')
    const res = await served(t, video.url, owner.auth)
    expect(res.statusCode).toBe(200)
    expect(secretsIn(res.rawPayload)).toEqual([])
    expect(exifTags(res.rawPayload)).toMatchObject({ FileType: 'WEBM', ImageWidth: 320 })
    expect(res.rawPayload.length).toBe(original.length)
  })
})
