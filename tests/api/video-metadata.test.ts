// Videos lose their metadata at upload (docs/decisions/032-photo-review.md, "Videos"): the box
// rewriter on its own, then through POST /api/media to what /media serves. exiftool is the judge.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { stripVideoMetadata } from '#server/services/media/strip-video-metadata.ts'
import { member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { exifTags, fakeMp4, served, tempDir, uploaded } from '#tests/support/media.ts'
import { minimalMp4, mp4WithLocation } from '#tests/support/mp4.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

async function stripped(bytes: Buffer) {
  const dir = tempDir('maple-strip-')
  dirs.push(dir)
  const path = join(dir, 'clip')
  writeFileSync(path, bytes)
  const report = await stripVideoMetadata(path)
  return { bytes: readFileSync(path), report }
}

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
    const junk = fakeMp4(4096)
    const { bytes, report } = await stripped(junk)
    expect(report.changed).toBe(false)
    expect(bytes.equals(junk)).toBe(true)
    const truncated = mp4WithLocation().subarray(0, 900)
    await expect(stripped(truncated)).resolves.toBeDefined()
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
    const video = await uploaded(t, await member(t), original, 'clip.mp4', 'video/mp4')
    const res = await served(t, video.url)
    expect(res.statusCode).toBe(200)
    const tags = exifTags(res.rawPayload)
    expect(Object.keys(tags).filter((name) => IDENTITY.test(name))).toEqual([])
    expect(res.rawPayload.length).toBe(original.length)
  })
})
