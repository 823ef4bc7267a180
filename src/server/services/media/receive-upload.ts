import { createHash } from 'node:crypto'
import { once } from 'node:events'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { MAX_PHOTO_BYTES, MAX_VIDEO_BYTES } from '#domain/constants.ts'
import { ApiError } from '#server/errors.ts'
import { SNIFF_BYTES, type SniffedType, sniff } from './sniff.ts'

const _MB = 1024 * 1024

/** An upload written to a private temporary directory; discard() removes it, whatever happened. */
export interface ReceivedUpload {
  path: string
  size: number
  sha256: string
  type: SniffedType
  discard: () => Promise<void>
}

/** The next chunk; a parse error of the multipart body (the client's fault) becomes a 400. */
async function nextChunk(chunks: AsyncIterator<Buffer>): Promise<IteratorResult<Buffer>> {
  try {
    return await chunks.next()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw error
    throw new ApiError(400, 'media.malformed_multipart', { cause: error })
  }
}

function typeOf(head: Buffer): SniffedType {
  const type = sniff(head)
  if (!type) throw new ApiError(415, 'media.unsupported')
  return type
}

function limitFor(type: SniffedType) {
  return type.kind === 'photo'
    ? { max: MAX_PHOTO_BYTES, code: 'media.photo_too_large' as const }
    : { max: MAX_VIDEO_BYTES, code: 'media.video_too_large' as const }
}

/**
 * Streams one uploaded file to disk, hashing it on the way. Its type is decided from its first
 * bytes as soon as they arrive, so a wrong type (415) or a photo past its size (413) stops the
 * transfer early instead of after 50 MB. Memory stays at one chunk whatever the size.
 */
export async function receiveUpload(stream: Readable & { truncated?: boolean }): Promise<ReceivedUpload> {
  const dir = await mkdtemp(join(tmpdir(), 'maple-upload-'))
  const discard = () => rm(dir, { recursive: true, force: true })
  const path = join(dir, 'upload')
  const out = createWriteStream(path)
  const hash = createHash('sha256')
  let head = Buffer.alloc(0)
  let type: SniffedType | null = null
  let size = 0
  try {
    const chunks = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
    for (;;) {
      const next = await nextChunk(chunks)
      if (next.done) break
      const chunk = next.value
      size += chunk.length
      if (!type) {
        head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES)]).subarray(0, SNIFF_BYTES)
        if (head.length >= SNIFF_BYTES) type = typeOf(head)
      }
      if (type) {
        const limit = limitFor(type)
        if (size > limit.max) throw new ApiError(413, limit.code)
      }
      hash.update(chunk)
      // events.once rejects if the write stream fails (a full disk) instead of waiting for ever
      if (!out.write(chunk)) await once(out, 'drain')
    }
    type ??= typeOf(head)
    // the multipart parser stops at the video limit and marks the stream truncated
    if (stream.truncated) throw new ApiError(413, limitFor(type).code)
    out.end()
    await finished(out)
    return { path, size, sha256: hash.digest('hex'), type, discard }
  } catch (error) {
    // stop reading the rest of the request: nothing more of it will be stored
    stream.destroy()
    // a write still under way when the file is destroyed reports ERR_STREAM_DESTROYED as an 'error'
    // event; nothing else listens now, and an unheard 'error' would end the process
    out.on('error', () => {})
    out.destroy()
    await discard()
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError(413, type ? limitFor(type).code : 'media.video_too_large')
    }
    throw error
  }
}
