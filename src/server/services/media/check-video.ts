import { open } from 'node:fs/promises'

// Whether an upload is built like the video it claims to be (issue 43 item 8,
// docs/decisions/064-video-review.md): its first bytes chose the type (sniff.ts); these checks read
// its structure, without decoding a frame (no decoder on these machines), so that a megabyte of
// random bytes behind an MP4 or WebM header is refused rather than hosted.
//
// MP4: boxes that tile the file exactly from an `ftyp`, one `moov` holding at least one video
// track (its `hdlr` says `vide`), and media data (`mdat`, or the fragments of a fragmented file).
// WebM: an EBML header whose DocType is webm (or matroska), then a Segment holding Tracks with a
// video track (TrackType 1) and at least one Cluster. Live recordings' unknown sizes are allowed
// where the format allows them.

type File = Awaited<ReturnType<typeof open>>

/** moov larger than this is not a phone video's (strip-video-metadata.ts keeps the same bound) */
const MAX_MOOV_BYTES = 32 * 1024 * 1024
const MAX_TRACKS_BYTES = 32 * 1024 * 1024
/**
 * More top-level boxes than this is no phone's or editor's file (a fragmented one has two per
 * fragment): refused, so that a file of tiny boxes cannot make the walk read the disk millions of times.
 */
const MAX_TOP_BOXES = 20_000

async function readAt(file: File, at: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length)
  const { bytesRead } = await file.read(bytes, 0, length, at)
  return bytes.subarray(0, bytesRead)
}

interface Box {
  type: string
  payload: number
  end: number
}

/** The box at `at` in [at, limit) of `bytes`, or null when its header does not fit its place. */
function boxIn(bytes: Buffer, at: number, limit: number): Box | null {
  if (at + 8 > limit) return null
  let size = bytes.readUInt32BE(at)
  const type = bytes.toString('latin1', at + 4, at + 8)
  let payload = at + 8
  if (size === 1) {
    if (at + 16 > limit) return null
    const large = bytes.readBigUInt64BE(at + 8)
    if (large > BigInt(limit)) return null
    size = Number(large)
    payload = at + 16
  } else if (size === 0) size = limit - at
  if (size < payload - at || at + size > limit) return null
  return { type, payload, end: at + size }
}

function childrenOf(bytes: Buffer, parent: Box): Box[] | null {
  const found: Box[] = []
  for (let at = parent.payload; at < parent.end; ) {
    const child = boxIn(bytes, at, parent.end)
    if (!child) return null
    found.push(child)
    at = child.end
  }
  return found
}

/** The handler of a trak (trak > mdia > hdlr), or null. */
export function trakHandler(bytes: Buffer, trak: Box): string | null {
  const mdia = childrenOf(bytes, trak)?.find((box) => box.type === 'mdia')
  const hdlr = mdia ? childrenOf(bytes, mdia)?.find((box) => box.type === 'hdlr') : undefined
  if (!hdlr || hdlr.payload + 12 > hdlr.end) return null
  return bytes.toString('latin1', hdlr.payload + 8, hdlr.payload + 12)
}

async function isMp4(file: File, size: number): Promise<boolean> {
  let moov: Buffer | null = null
  let media = false
  let first = true
  for (let at = 0, boxes = 0; at < size; boxes += 1) {
    if (boxes >= MAX_TOP_BOXES) return false
    const head = await readAt(file, at, 16)
    const found = head.length >= 8 ? boxAtTop(head, size - at) : null
    if (!found || (first && found.type !== 'ftyp')) return false
    first = false
    if (found.type === 'moov') {
      if (moov || found.end > MAX_MOOV_BYTES) return false
      moov = await readAt(file, at, found.end)
    } else if (found.type === 'mdat' || found.type === 'moof') media = true
    at += found.end
  }
  if (!moov || !media) return false
  const top = boxAtTop(moov, moov.length)
  const tracks = top ? childrenOf(moov, top) : null
  return tracks?.some((box) => box.type === 'trak' && trakHandler(moov, box) === 'vide') ?? false
}

/** A top-level box from its first bytes, its size checked against what is left of the file. */
function boxAtTop(head: Buffer, remaining: number): Box | null {
  let size = head.readUInt32BE(0)
  const type = head.toString('latin1', 4, 8)
  let payload = 8
  if (size === 1) {
    if (head.length < 16) return null
    const large = head.readBigUInt64BE(8)
    if (large > BigInt(remaining)) return null
    size = Number(large)
    payload = 16
  } else if (size === 0) size = remaining
  if (size < payload || size > remaining || !/^[\x20-\x7e]{4}$/.test(type)) return null
  return { type, payload, end: size }
}

// EBML (WebM) -------------------------------------------------------------------------------------

const EBML = 0x1a45dfa3
const DOC_TYPE = 0x4282
const SEGMENT = 0x18538067
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const TRACK_TYPE = 0x83
const CLUSTER = 0x1f43b675

interface Element {
  id: number
  data: number
  /** null: unknown size */
  end: number | null
}

/**
 * The element at `at` of `bytes` (its header within `limit`), offsets shifted by `base`. With
 * `whole`, its data must lie within `limit` too; without, only its header was read and the caller
 * checks its end against the file.
 */
function ebmlAt(bytes: Buffer, at: number, limit: number, base = 0, whole = true): Element | null {
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
  if (!unknown && (whole ? data + size > limit : size > Number.MAX_SAFE_INTEGER - base - data)) return null
  return { id, data: base + data, end: unknown ? null : base + data + size }
}

function ebmlChildren(bytes: Buffer, from: number, to: number): Element[] | null {
  const found: Element[] = []
  for (let at = from; at < to; ) {
    const child = ebmlAt(bytes, at, to)
    if (!child || child.end === null) return null
    found.push(child)
    at = child.end
  }
  return found
}

function unsignedIn(bytes: Buffer, element: Element): number {
  let value = 0
  for (let at = element.data; at < (element.end ?? element.data); at += 1)
    value = value * 256 + (bytes[at] ?? 0)
  return value
}

async function isWebm(file: File, size: number): Promise<boolean> {
  const head = await readAt(file, 0, Math.min(size, 4096))
  const ebml = ebmlAt(head, 0, head.length)
  if (ebml?.id !== EBML || ebml.end === null) return false
  const docType = ebmlChildren(head, ebml.data, ebml.end)?.find((child) => child.id === DOC_TYPE)
  const type = docType
    ? head.toString('latin1', docType.data, docType.end ?? docType.data).replace(/\0+$/, '')
    : ''
  if (type !== 'webm' && type !== 'matroska') return false
  const segmentHead = await readAt(file, ebml.end, 12)
  const segment = ebmlAt(segmentHead, 0, segmentHead.length, ebml.end, false)
  if (segment?.id !== SEGMENT) return false
  const limit = Math.min(segment.end ?? size, size)
  let video = false
  for (let at = segment.data; at < limit; ) {
    const header = await readAt(file, at, 12)
    const element = ebmlAt(header, 0, Math.min(header.length, limit - at), at, false)
    if (!element) return false
    if (element.id === CLUSTER) return video
    if (element.end === null || element.end > limit) return false
    if (element.id === TRACKS) {
      const length = element.end - at
      if (length > MAX_TRACKS_BYTES) return false
      const tracks = await readAt(file, at, length)
      const entries = ebmlChildren(tracks, element.data - at, length)
      if (!entries) return false
      video = entries.some((entry) => {
        if (entry.id !== TRACK_ENTRY || entry.end === null) return false
        const type = ebmlChildren(tracks, entry.data, entry.end)?.find((child) => child.id === TRACK_TYPE)
        return type !== undefined && unsignedIn(tracks, type) === 1
      })
    }
    at = element.end
  }
  return false
}

/** Whether the file at `path` is built like a video of this format (see the top of this file). */
export async function isWellFormedVideo(path: string, format: 'mp4' | 'webm'): Promise<boolean> {
  const file = await open(path, 'r')
  try {
    const { size } = await file.stat()
    return format === 'mp4' ? await isMp4(file, size) : await isWebm(file, size)
  } finally {
    await file.close()
  }
}
