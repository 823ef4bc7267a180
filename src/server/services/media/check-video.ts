import { open } from 'node:fs/promises'
import { type Box, readBox, readTopHeader, trakHandlerOf } from './strip-video-metadata.ts'
import { type Element, readHeader } from './strip-webm-metadata.ts'

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

function childrenOf(bytes: Buffer, parent: Box): Box[] | null {
  const found: Box[] = []
  for (let at = parent.payload; at < parent.end; ) {
    const child = readBox(bytes, at, parent.end)
    if (!child) return null
    found.push(child)
    at = child.end
  }
  return found
}

async function isMp4(file: File, size: number): Promise<boolean> {
  let moov: Buffer | null = null
  let media = false
  let first = true
  for (let at = 0, boxes = 0; at < size; boxes += 1) {
    if (boxes >= MAX_TOP_BOXES) return false
    const head = await readAt(file, at, 16)
    const found = readTopHeader(head, head.length, size - at)
    // a type of four printable characters, as every box's is
    if (!found || !/^[\x20-\x7e]{4}$/.test(found.type)) return false
    if (first && found.type !== 'ftyp') return false
    first = false
    if (found.type === 'moov') {
      if (moov || found.end > MAX_MOOV_BYTES) return false
      moov = await readAt(file, at, found.end)
    } else if (found.type === 'mdat' || found.type === 'moof') media = true
    at += found.end
  }
  if (!moov || !media) return false
  const top = readTopHeader(moov, moov.length, moov.length)
  const tracks = top ? childrenOf(moov, top) : null
  return tracks?.some((box) => box.type === 'trak' && trakHandlerOf(moov, box) === 'vide') ?? false
}

// EBML (WebM) -------------------------------------------------------------------------------------

const EBML = 0x1a45dfa3
const DOC_TYPE = 0x4282
const SEGMENT = 0x18538067
const TRACKS = 0x1654ae6b
const TRACK_ENTRY = 0xae
const TRACK_TYPE = 0x83
const CLUSTER = 0x1f43b675

function ebmlChildren(bytes: Buffer, from: number, to: number): Element[] | null {
  const found: Element[] = []
  for (let at = from; at < to; ) {
    const child = readHeader(bytes, at, to)
    if (!child || child.end === null || child.end > to) return null
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
  const ebml = readHeader(head, 0, head.length)
  if (ebml?.id !== EBML || ebml.end === null || ebml.end > head.length) return false
  const docType = ebmlChildren(head, ebml.data, ebml.end)?.find((child) => child.id === DOC_TYPE)
  const type = docType
    ? head.toString('latin1', docType.data, docType.end ?? docType.data).replace(/\0+$/, '')
    : ''
  if (type !== 'webm' && type !== 'matroska') return false
  const segmentHead = await readAt(file, ebml.end, 12)
  const segment = readHeader(segmentHead, 0, segmentHead.length, ebml.end)
  if (segment?.id !== SEGMENT) return false
  const limit = Math.min(segment.end ?? size, size)
  let video = false
  for (let at = segment.data; at < limit; ) {
    const header = await readAt(file, at, 12)
    const element = readHeader(header, 0, Math.min(header.length, limit - at), at)
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
