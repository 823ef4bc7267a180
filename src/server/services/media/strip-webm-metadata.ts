import { open } from 'node:fs/promises'
import type { StripReport } from './strip-video-metadata.ts'

// Strips the metadata of a WebM (Matroska) file in place, as strip-video-metadata.ts does for MP4:
// no re-encode, no byte of media moved, no size changed (docs/decisions/032-photo-review.md,
// "Videos"). The EBML elements are walked header by header; clusters are skipped by their size.
//
// What goes: Tags (a phone or an editor's location, encoder, author…), Attachments (cover art
// with its own EXIF) and Chapters become Void elements of the same length; every track that is not
// video or audio (subtitles, WebVTT, buttons, metadata: where cameras write GPS) becomes Void, and so
// does each block of it in the Clusters (docs/decisions/064-video-review.md); in Info the Title, MuxingApp,
// WritingApp and DateUTC are zeroed in place (EBML strings may be padded with zeros, so they read
// as empty, and the date as 2001-01-01); each track's Name is zeroed too. What stays: everything a
// player reads. MediaRecorder writes a Segment and Clusters of unknown size: a Segment then runs to
// the end of the file, and a Cluster ends where the next element of the Segment starts.
// A header the walk cannot make sense of ends the walk: what was found before it is still blanked,
// and the bytes are left as they are rather than refused.

const EBML = 0x1a45dfa3
const SEGMENT = 0x18538067
const INFO = 0x1549a966
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const CLUSTER = 0x1f43b675
const VOID = 0xec
/** whole elements turned into Void */
const VOIDED = new Map([
  [0x1254c367, 'Tags'],
  [0x1941a469, 'Attachments'],
  [0x1043a770, 'Chapters'],
])
const TRACK_NUMBER = 0xd7
const TRACK_TYPE = 0x83
/** TrackType: 1 video, 2 audio; anything else goes */
const KEPT_TRACK_TYPES: ReadonlySet<number> = new Set([1, 2])
const SIMPLE_BLOCK = 0xa3
const BLOCK_GROUP = 0xa0
const BLOCK = 0xa1
/** in Info: strings and the date, zeroed */
const INFO_ZEROED = new Map([
  [0x7ba9, 'Title'],
  [0x4d80, 'MuxingApp'],
  [0x5741, 'WritingApp'],
  [0x4461, 'DateUTC'],
])
const TRACK_NAME = 0x536e
/** the children of a Segment: one of them ends a Cluster of unknown size */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  ...VOIDED.keys(),
])
/** Info or Tracks larger than this is not a phone's: left as it is rather than read into memory. */
const MAX_READ_BYTES = 32 * 1024 * 1024
/** an ID has at most 4 bytes, a size at most 8 */
const MAX_HEADER = 12

export interface Element {
  id: number
  start: number
  data: number
  /** null: unknown size (a live recording's Segment or Cluster) */
  end: number | null
}

/** The element header at `at` of `bytes` (offsets shifted by `base`), or null. */
export function readHeader(bytes: Buffer, at: number, limit: number, base = 0): Element | null {
  if (at >= limit) return null
  const first = bytes[at] ?? 0
  const idLength = first === 0 ? 0 : Math.clz32(first) - 23
  if (idLength < 1 || idLength > 4 || at + idLength >= limit) return null
  let id = 0
  for (let i = 0; i < idLength; i += 1) id = id * 256 + (bytes[at + i] ?? 0)
  const sizeAt = at + idLength
  const lead = bytes[sizeAt] ?? 0
  const sizeLength = lead === 0 ? 0 : Math.clz32(lead) - 23
  if (sizeLength < 1 || sizeLength > 8 || sizeAt + sizeLength > limit) return null
  const mask = 0xff >> sizeLength
  let size = lead & mask
  let unknown = size === mask
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = bytes[sizeAt + i] ?? 0
    unknown &&= byte === 0xff
    size = size * 256 + byte
  }
  const data = sizeAt + sizeLength
  if (!unknown && size > Number.MAX_SAFE_INTEGER - data - base) return null
  return { id, start: base + at, data: base + data, end: unknown ? null : base + data + size }
}

/**
 * The header of a Void element exactly `length` bytes long (length >= 2): 0xEC, then a size of up to
 * 8 bytes whose value is what follows the header; the caller zeroes that.
 */
function voidHeader(length: number): Buffer {
  const sizeLength = Math.min(8, length - 1)
  const header = Buffer.alloc(1 + sizeLength)
  header[0] = VOID
  let value = length - header.length
  for (let i = sizeLength; i >= 1; i -= 1) {
    header[i] = value % 256
    value = Math.floor(value / 256)
  }
  header[1] = (header[1] ?? 0) | (0x80 >> (sizeLength - 1))
  return header
}

/** Zeroes the data of the listed children of the element held in `bytes`; names what it zeroed. */
function zeroChildren(
  bytes: Buffer,
  from: number,
  zeroed: ReadonlyMap<number, string>,
  found: string[],
): void {
  for (let at = from; ; ) {
    const child = readHeader(bytes, at, bytes.length)
    if (!child || child.end === null || child.end > bytes.length) return
    const name = zeroed.get(child.id)
    if (name) {
      bytes.fill(0, child.data, child.end)
      found.push(name)
    } else if (child.id === TRACK_ENTRY) {
      zeroChildren(bytes.subarray(0, child.end), child.data, new Map([[TRACK_NAME, 'TrackName']]), found)
    }
    at = child.end
  }
}

function unsignedAt(bytes: Buffer, from: number, to: number): number {
  let value = 0
  for (let at = from; at < to; at += 1) value = value * 256 + (bytes[at] ?? 0)
  return value
}

/**
 * Turns each TrackEntry of a type other than video or audio into Void, in the Tracks element held
 * in `bytes`; returns the numbers of the tracks it dropped.
 */
function dropOtherTracks(bytes: Buffer, from: number, found: string[]): Set<number> {
  const dropped = new Set<number>()
  for (let at = from; ; ) {
    const entry = readHeader(bytes, at, bytes.length)
    if (!entry || entry.end === null || entry.end > bytes.length) return dropped
    if (entry.id === TRACK_ENTRY) {
      let type: number | null = null
      let number: number | null = null
      for (let inner = entry.data; ; ) {
        const child = readHeader(bytes, inner, entry.end)
        if (!child || child.end === null || child.end > entry.end) break
        if (child.id === TRACK_TYPE) type = unsignedAt(bytes, child.data, child.end)
        if (child.id === TRACK_NUMBER) number = unsignedAt(bytes, child.data, child.end)
        inner = child.end
      }
      if (type !== null && !KEPT_TRACK_TYPES.has(type)) {
        if (number !== null) dropped.add(number)
        const header = voidHeader(entry.end - entry.start)
        header.copy(bytes, entry.start)
        bytes.fill(0, entry.start + header.length, entry.end)
        found.push(`TrackEntry.${type}`)
      }
    }
    at = entry.end
  }
}

/** The track number a Block or SimpleBlock's data starts with (an EBML variable-length integer). */
async function blockTrack(file: File, data: number): Promise<number | null> {
  const bytes = Buffer.alloc(8)
  const { bytesRead } = await file.read(bytes, 0, 8, data)
  const lead = bytes[0] ?? 0
  const length = lead === 0 ? 0 : Math.clz32(lead) - 23
  if (length < 1 || length > bytesRead) return null
  let value = lead & (0xff >> length)
  for (let i = 1; i < length; i += 1) value = value * 256 + (bytes[i] ?? 0)
  return value
}

/** Voids the blocks of dropped tracks in the Cluster whose children lie in [from, to). */
async function dropBlocks(
  file: File,
  from: number,
  to: number,
  dropped: ReadonlySet<number>,
): Promise<number> {
  let count = 0
  for (let at = from; at < to; ) {
    const child = await headerAt(file, at, to)
    if (!child || child.end === null || child.end > to) return count
    let track: number | null = null
    if (child.id === SIMPLE_BLOCK) track = await blockTrack(file, child.data)
    else if (child.id === BLOCK_GROUP) {
      for (let inner = child.data; inner < child.end; ) {
        const part = await headerAt(file, inner, child.end)
        if (!part || part.end === null) break
        if (part.id === BLOCK) {
          track = await blockTrack(file, part.data)
          break
        }
        inner = part.end
      }
    }
    if (track !== null && dropped.has(track)) {
      await writeVoid(file, child.start, child.end - child.start)
      count += 1
    }
    at = child.end
  }
  return count
}

type File = Awaited<ReturnType<typeof open>>

async function headerAt(file: File, at: number, limit: number): Promise<Element | null> {
  const bytes = Buffer.alloc(MAX_HEADER)
  const { bytesRead } = await file.read(bytes, 0, MAX_HEADER, at)
  return readHeader(bytes, 0, Math.min(bytesRead, limit - at), at)
}

/** Where a Cluster of unknown size ends: at the first element that belongs to the Segment. */
async function clusterEnd(file: File, from: number, limit: number): Promise<number | null> {
  for (let at = from; at < limit; ) {
    const child = await headerAt(file, at, limit)
    if (!child) return at === limit ? at : null
    if (SEGMENT_CHILDREN.has(child.id)) return at
    if (child.end === null || child.end > limit) return null
    at = child.end
  }
  return limit
}

/** Strips the WebM file at `path` in place (see the top of this file); safe on any bytes. */
export async function stripWebmMetadata(path: string): Promise<StripReport> {
  const file = await open(path, 'r+')
  const blanked: string[] = []
  try {
    const { size } = await file.stat()
    const ebml = await headerAt(file, 0, size)
    if (ebml?.id !== EBML || ebml.end === null) return { blanked, changed: false }
    const segment = await headerAt(file, ebml.end, size)
    if (segment?.id !== SEGMENT) return { blanked, changed: false }
    const limit = Math.min(segment.end ?? size, size)
    let dropped = new Set<number>()
    for (let at = segment.data; at < limit; ) {
      const element = await headerAt(file, at, limit)
      if (!element) break
      const end = element.end ?? (element.id === CLUSTER ? await clusterEnd(file, element.data, limit) : null)
      if (end === null || end > limit) break
      const voided = VOIDED.get(element.id)
      const length = end - element.start
      if (voided) {
        await writeVoid(file, element.start, length)
        blanked.push(voided)
      } else if ((element.id === INFO || element.id === TRACKS) && length <= MAX_READ_BYTES) {
        const bytes = Buffer.alloc(length)
        await file.read(bytes, 0, length, element.start)
        const before = blanked.length
        zeroChildren(bytes, element.data - element.start, INFO_ZEROED, blanked)
        if (element.id === TRACKS) dropped = dropOtherTracks(bytes, element.data - element.start, blanked)
        if (blanked.length > before) await file.write(bytes, 0, length, element.start)
      } else if (element.id === CLUSTER && dropped.size > 0) {
        const blocks = await dropBlocks(file, element.data, end, dropped)
        if (blocks > 0) blanked.push(`blocks:${blocks}`)
      }
      at = end
    }
  } finally {
    await file.close()
  }
  return { blanked, changed: blanked.length > 0 }
}

const ZEROS = Buffer.alloc(64 * 1024)

/** Turns the `length` bytes at `start` into one Void element, without reading them into memory. */
async function writeVoid(file: File, start: number, length: number): Promise<void> {
  const header = voidHeader(length)
  await file.write(header, 0, header.length, start)
  for (let at = start + header.length; at < start + length; at += ZEROS.length)
    await file.write(ZEROS, 0, Math.min(ZEROS.length, start + length - at), at)
}
