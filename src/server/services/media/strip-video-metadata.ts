import { open } from 'node:fs/promises'

// Strips the metadata of an MP4 or QuickTime file in place, without a re-encode and without moving
// a byte of media: every box that carries metadata becomes a `free` box of the same size with its
// payload zeroed. Sizes never change, so the chunk offsets (stco/co64) that point into mdat stay
// right wherever moov sits, and no player needs anything we blank
// (docs/decisions/032-photo-review.md, "Videos"). ffmpeg is not on these machines; this is ~200
// lines of box walking instead of a binary.
//
// Only video and sound tracks stay: any other track (subtitles and timed text — where drones, dash
// cams and action cameras write GPS —, chapters, timecode, metadata tracks) becomes a `free` box,
// and the bytes of its samples in mdat are zeroed, found through its sample table (stco/co64,
// stsc, stsz); a sample outside every mdat is left alone (docs/decisions/064-video-review.md).
//
// What goes: udta (©xyz location, ©mak/©mod make and model, ©too/©enc encoder, ©day, XMP_), meta
// (QuickTime keys such as com.apple.quicktime.location.ISO6709, make, model, software) and uuid
// boxes (XMP, vendor data), at the top level and inside moov and its tracks; the creation and
// modification times of mvhd, tkhd and mdhd are zeroed; the compressor name of video sample
// entries (often the encoder's name) is blanked. What stays: everything a player reads.
//
// Cost: the header of each top-level box is read (a handful of reads), moov is read whole (it is
// small next to mdat: an index of the samples) and written back once. A box the walk cannot make
// sense of (a size past its parent's end) ends the walk at that level: what was found before it is
// still blanked, and the bytes are left as they are rather than refused, as before this module.

/** moov larger than this is not a phone video's: left as it is rather than read into memory. */
const MAX_MOOV_BYTES = 32 * 1024 * 1024
const BLANKED = new Set(['udta', 'meta', 'uuid'])
// boxes whose children are boxes, on the way to what is blanked
const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'minf', 'stbl', 'edts', 'dinf'])
const TIMED = new Set(['mvhd', 'tkhd', 'mdhd'])
// VisualSampleEntry: 8 bytes of SampleEntry, then 2+2+12 reserved, width, height, two resolutions,
// 4 reserved, frame count: the 32-byte compressor name starts 42 bytes into the entry's payload
const COMPRESSOR_NAME_AT = 42
const COMPRESSOR_NAME_LENGTH = 32

export interface StripReport {
  /** box types blanked, in the order they were found (for logs and tests) */
  blanked: string[]
  /** whether the file was changed at all */
  changed: boolean
}

/** The handlers of the tracks kept: video and sound. */
const KEPT_HANDLERS: ReadonlySet<string> = new Set(['vide', 'soun'])
/** a sample table past this many chunks is not a phone video's: its track is blanked, not read */
const MAX_CHUNKS = 1_000_000

/** A byte range of the file, [start, end). */
type Range = [number, number]

export interface Box {
  type: string
  /** where the box starts, relative to the buffer or file */
  start: number
  /** where its payload starts (after the 8- or 16-byte header) */
  payload: number
  end: number
}

export function readBox(buffer: Buffer, at: number, limit: number): Box | null {
  if (at + 8 > limit) return null
  let size = buffer.readUInt32BE(at)
  const type = buffer.toString('latin1', at + 4, at + 8)
  let payload = at + 8
  if (size === 1) {
    if (at + 16 > limit) return null
    const large = buffer.readBigUInt64BE(at + 8)
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null
    size = Number(large)
    payload = at + 16
  } else if (size === 0) size = limit - at
  if (size < payload - at || at + size > limit) return null
  return { type, start: at, payload, end: at + size }
}

/** Turns a box into a `free` box of the same size with a zeroed payload. */
function blank(buffer: Buffer, box: Box): void {
  buffer.write('free', box.start + 4, 'latin1')
  buffer.fill(0, box.payload, box.end)
}

/** Zeroes a full box's creation and modification times (version 0: 32-bit, version 1: 64-bit). */
function zeroTimes(buffer: Buffer, box: Box): boolean {
  const version = buffer[box.payload]
  const width = version === 1 ? 8 : 4
  const from = box.payload + 4
  if (from + 2 * width > box.end) return false
  buffer.fill(0, from, from + 2 * width)
  return true
}

function handlerType(buffer: Buffer, mdia: Box): string | null {
  for (let at = mdia.payload; ; ) {
    const box = readBox(buffer, at, mdia.end)
    if (!box) return null
    // hdlr: version and flags (4), pre_defined (4), then the handler type
    if (box.type === 'hdlr' && box.payload + 12 <= box.end)
      return buffer.toString('latin1', box.payload + 8, box.payload + 12)
    at = box.end
  }
}

function blankCompressorNames(buffer: Buffer, stsd: Box, blanked: string[]): void {
  // version and flags (4), entry count (4), then the sample entries
  for (let at = stsd.payload + 8; ; ) {
    const entry = readBox(buffer, at, stsd.end)
    if (!entry) return
    const from = entry.payload + COMPRESSOR_NAME_AT
    if (from + COMPRESSOR_NAME_LENGTH <= entry.end) {
      buffer.fill(0, from, from + COMPRESSOR_NAME_LENGTH)
      blanked.push(`${entry.type}.compressorname`)
    }
    at = entry.end
  }
}

export function trakHandlerOf(buffer: Buffer, trak: Box): string | null {
  const mdia = childOf(buffer, trak, 'mdia')
  return mdia ? handlerType(buffer, mdia) : null
}

function childOf(buffer: Buffer, parent: Box, type: string): Box | null {
  for (let at = parent.payload; ; ) {
    const box = readBox(buffer, at, parent.end)
    if (!box) return null
    if (box.type === type) return box
    at = box.end
  }
}

/** Where a track's samples lie in the file, by chunk, from its sample table; [] when unreadable. */
function sampleRanges(buffer: Buffer, trak: Box): Range[] {
  const mdia = childOf(buffer, trak, 'mdia')
  const minf = mdia && childOf(buffer, mdia, 'minf')
  const stbl = minf && childOf(buffer, minf, 'stbl')
  if (!stbl) return []
  const stsz = childOf(buffer, stbl, 'stsz')
  const stsc = childOf(buffer, stbl, 'stsc')
  const co64 = childOf(buffer, stbl, 'co64')
  const stco = co64 ?? childOf(buffer, stbl, 'stco')
  if (!stsz || !stsc || !stco || stsz.payload + 12 > stsz.end || stco.payload + 8 > stco.end) return []
  const width = co64 ? 8 : 4
  const chunks = Math.min(
    buffer.readUInt32BE(stco.payload + 4),
    (stco.end - stco.payload - 8) / width,
    MAX_CHUNKS,
  )
  const sampleSize = buffer.readUInt32BE(stsz.payload + 4)
  const samples = buffer.readUInt32BE(stsz.payload + 8)
  const sizeOf = (index: number): number => {
    if (sampleSize !== 0) return sampleSize
    const at = stsz.payload + 12 + index * 4
    return index < samples && at + 4 <= stsz.end ? buffer.readUInt32BE(at) : 0
  }
  // stsc: runs of chunks with the same number of samples, by first chunk (1-based)
  const runs: { first: number; perChunk: number }[] = []
  const entries = stsc.payload + 8 <= stsc.end ? buffer.readUInt32BE(stsc.payload + 4) : 0
  for (let i = 0; i < entries; i += 1) {
    const at = stsc.payload + 8 + i * 12
    if (at + 12 > stsc.end) break
    runs.push({ first: buffer.readUInt32BE(at), perChunk: buffer.readUInt32BE(at + 4) })
  }
  const ranges: Range[] = []
  let sample = 0
  let run = 0
  for (let chunk = 1; chunk <= chunks && sample < samples; chunk += 1) {
    while (run + 1 < runs.length && (runs[run + 1]?.first ?? Number.POSITIVE_INFINITY) <= chunk) run += 1
    const perChunk = runs[run]?.perChunk ?? 0
    const at = stco.payload + 8 + (chunk - 1) * width
    const offset = co64 ? Number(buffer.readBigUInt64BE(at)) : buffer.readUInt32BE(at)
    let length = 0
    for (let i = 0; i < perChunk && sample < samples; i += 1, sample += 1) length += sizeOf(sample)
    if (length > 0) ranges.push([offset, offset + length])
  }
  return ranges
}

/** Walks the boxes in [from, to) of a buffer holding moov, blanking and zeroing as it goes. */
function walk(
  buffer: Buffer,
  from: number,
  to: number,
  blanked: string[],
  handler: string | null,
  dropped: Range[],
): void {
  for (let at = from; ; ) {
    const box = readBox(buffer, at, to)
    if (!box) return
    const trackHandler = box.type === 'trak' ? trakHandlerOf(buffer, box) : null
    if (box.type === 'trak' && !KEPT_HANDLERS.has(trackHandler ?? '')) {
      dropped.push(...sampleRanges(buffer, box))
      blank(buffer, box)
      blanked.push(`trak.${trackHandler ?? 'unknown'}`)
    } else if (BLANKED.has(box.type)) {
      blank(buffer, box)
      blanked.push(box.type)
    } else if (TIMED.has(box.type)) {
      if (zeroTimes(buffer, box)) blanked.push(`${box.type}.times`)
    } else if (box.type === 'stsd' && handler === 'vide') {
      blankCompressorNames(buffer, box, blanked)
    } else if (CONTAINERS.has(box.type)) {
      walk(
        buffer,
        box.payload,
        box.end,
        blanked,
        box.type === 'mdia' ? handlerType(buffer, box) : handler,
        dropped,
      )
    }
    at = box.end
  }
}

/** Strips the file at `path` in place (see the top of this file); safe on any bytes. */
export async function stripVideoMetadata(path: string): Promise<StripReport> {
  const file = await open(path, 'r+')
  const blanked: string[] = []
  // the samples of the tracks dropped, and the media data they may lie in (absolute offsets)
  const dropped: Range[] = []
  const mediaData: Range[] = []
  try {
    const { size } = await file.stat()
    const header = Buffer.alloc(16)
    for (let at = 0; at + 8 <= size; ) {
      const { bytesRead } = await file.read(header, 0, 16, at)
      const box = readTopHeader(header, bytesRead, size - at)
      if (!box) break
      const length = box.end - box.start
      if (BLANKED.has(box.type)) {
        await file.write(Buffer.from('free', 'latin1'), 0, 4, at + 4)
        await zeroRange(file, at + box.payload, at + box.end)
        blanked.push(box.type)
      } else if (box.type === 'moov' && length <= MAX_MOOV_BYTES) {
        const moov = Buffer.alloc(length)
        await file.read(moov, 0, length, at)
        const before = blanked.length
        walk(moov, box.payload, length, blanked, null, dropped)
        if (blanked.length > before) await file.write(moov, 0, length, at)
      } else if (box.type === 'mdat') mediaData.push([at + box.payload, at + box.end])
      at += length
    }
    for (const [start, end] of dropped)
      for (const [from, to] of mediaData) {
        const a = Math.max(start, from)
        const b = Math.min(end, to)
        if (a < b) await zeroRange(file, a, b)
      }
  } finally {
    await file.close()
  }
  return { blanked, changed: blanked.length > 0 }
}

/**
 * A top-level box from its first 16 bytes (offsets relative to the box): its bytes are not in
 * memory, so it is checked against the rest of the file instead.
 */
export function readTopHeader(header: Buffer, bytesRead: number, remaining: number): Box | null {
  if (bytesRead < 8) return null
  let size = header.readUInt32BE(0)
  const type = header.toString('latin1', 4, 8)
  let payload = 8
  if (size === 1) {
    if (bytesRead < 16) return null
    const large = header.readBigUInt64BE(8)
    if (large > BigInt(Number.MAX_SAFE_INTEGER)) return null
    size = Number(large)
    payload = 16
  } else if (size === 0) size = remaining
  if (size < payload || size > remaining) return null
  return { type, start: 0, payload, end: size }
}

const ZEROS = Buffer.alloc(64 * 1024)

async function zeroRange(file: Awaited<ReturnType<typeof open>>, from: number, to: number): Promise<void> {
  for (let at = from; at < to; at += ZEROS.length)
    await file.write(ZEROS, 0, Math.min(ZEROS.length, to - at), at)
}
