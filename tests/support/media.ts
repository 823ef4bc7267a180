// Helpers for the media API tests: files to upload (a JPEG with GPS written by exiftool, a fake
// MP4, a decompression bomb), a multipart body, and reading what the server stored and serves.

import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { afterAll } from 'vitest'
import { MediaPaths } from '#domain/api/media.ts'
import type { Member } from './ads.ts'
import type { TestApp } from './api-app.ts'
import { minimalMp4 } from './mp4.ts'

export const MEDIA_URL = `/api${MediaPaths.upload}`

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix))
}

/** A multipart/form-data body carrying one file, as a browser's FormData would send it. */
export function multipartBody(bytes: Buffer, filename: string, type: string) {
  const boundary = `----maple${randomBytes(8).toString('hex')}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  )
  const payload = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)])
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export function upload(
  t: TestApp,
  m: Member | null,
  bytes: Buffer,
  filename = 'photo.jpg',
  type = 'image/jpeg',
) {
  const body = multipartBody(bytes, filename, type)
  return t.app.inject({
    method: 'POST',
    url: MEDIA_URL,
    headers: { ...body.headers, ...(m?.auth ?? {}) },
    payload: body.payload,
  })
}

export interface Uploaded {
  id: string
  kind: 'photo' | 'video'
  url: string
  photo: { src: string; srcSet: string; width: number; height: number; placeholder: string } | null
}

/** Uploads and insists on 201. */
export async function uploaded(t: TestApp, m: Member, bytes: Buffer, filename?: string, type?: string) {
  const res = await upload(t, m, bytes, filename, type)
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`)
  return res.json<Uploaded>()
}

/** A noisy photo (noise makes it compress like a real one), `width` × `height`. */
export async function jpeg(width = 1600, height = 1200, seed = 1): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  let x = seed
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff
    pixels[i] = (i % 3) * 60 + (x % 40)
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/** Runs exiftool (Debian's libimage-exiftool-perl); a machine without it is told what to install. */
function exiftool(args: string[]): Buffer {
  try {
    return execFileSync('exiftool', args)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    throw new Error('exiftool is missing: apt-get update && apt-get install -y libimage-exiftool-perl')
  }
}

/** A JPEG whose EXIF says where it was taken (Montréal) and that it must be rotated 90°. */
export async function jpegWithGps(): Promise<Buffer> {
  const dir = tempDir('maple-gps-')
  try {
    const path = join(dir, 'gps.jpg')
    writeFileSync(path, await jpeg(800, 600))
    exiftool([
      '-q',
      '-overwrite_original',
      '-GPSLatitude=45.5017',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=73.5673',
      '-GPSLongitudeRef=W',
      '-Orientation#=6',
      '-Artist=Jane Poster',
      path,
    ])
    return readFileSync(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** Every metadata tag exiftool finds in these bytes, by name (group-free). */
export function exifTags(bytes: Buffer): Record<string, unknown> {
  const dir = tempDir('maple-exif-')
  try {
    const path = join(dir, 'file')
    writeFileSync(path, bytes)
    const [tags] = JSON.parse(exiftool(['-j', '-n', path]).toString()) as Record<string, unknown>[]
    return tags ?? {}
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

const BOMB_PATH = join(tmpdir(), 'maple-test-png-bomb-20000.png')

/**
 * A 20,000 × 20,000 PNG: a few MB on the wire, 1.2 GB once decoded. Encoding it takes libvips
 * 15–30 s on these machines, so it is made once and kept in the OS temp dir; call it in beforeAll.
 */
export async function pngBomb(): Promise<Buffer> {
  if (existsSync(BOMB_PATH)) return readFileSync(BOMB_PATH)
  const bytes = await sharp({
    create: { width: 20_000, height: 20_000, channels: 3, background: '#000' },
    limitInputPixels: false,
  })
    .png({ compressionLevel: 9 })
    .toBuffer()
  const temp = `${BOMB_PATH}.${process.pid}`
  writeFileSync(temp, bytes)
  renameSync(temp, BOMB_PATH)
  return bytes
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(typed))
  return Buffer.concat([length, typed, crc])
}

/**
 * A PNG that says it is `width` × `height` grey pixels and holds only its first rows: a few KB,
 * within the 40 MP limit when 2 × 19,000,000, and half a minute of libvips decoding if ever decoded.
 */
export function tallPngHeader(width = 2, height = 19_000_000): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // greyscale
  // each row: filter byte 0, then the pixels
  const rows = deflateSync(Buffer.alloc((width + 1) * 1000))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** Starts like an MP4 (an ftyp box, brand isom); no player needs to read it here. */
/** An MP4's ftyp header, then `bytes` of nothing an MP4 holds: what check-video.ts refuses. */
export function mp4HeaderThenJunk(bytes = 4096, seed = 7): Buffer {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex')
  return Buffer.concat([ftyp, Buffer.alloc(bytes - ftyp.length, seed)])
}

/**
 * An MP4 of exactly `bytes` bytes that is built like one (check-video.ts): ftyp, a moov with one
 * video track, and an mdat filled with `seed`, so files of different seeds differ. It carries no
 * metadata (no dates, no compressor name), so it is stored byte for byte as sent.
 */
export function fakeMp4(bytes = 4096, seed = 7): Buffer {
  const plain = { moovFirst: true, compressor: '', when: 0 }
  const frame = minimalMp4({ ...plain, mdat: Buffer.alloc(0) }).length
  if (bytes < frame) throw new Error(`an MP4 takes at least ${frame} bytes`)
  return minimalMp4({ ...plain, mdat: Buffer.alloc(bytes - frame, seed) })
}

/** Every file under a local media directory (the store fans them out by key prefix). */
export function storedFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
}

/**
 * Gives this test file a temp dir of its own, so that uploads made at the same time by another test
 * file (`npm run test:api` runs two at once) never read as this file's leftovers. The worker runs
 * other files after this one (the API project does not isolate files), so the old TMPDIR comes back.
 */
export function withOwnTmpDir(): void {
  const before = process.env.TMPDIR
  const dir = mkdtempSync(join(tmpdir(), 'maple-test-tmp-'))
  process.env.TMPDIR = dir
  afterAll(() => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(dir, { recursive: true, force: true })
  })
}

/** Upload temp directories left in the OS temp dir (there must be none after any request). */
export function leftoverUploads(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith('maple-upload-'))
}

export async function served(t: TestApp, url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers })
}
