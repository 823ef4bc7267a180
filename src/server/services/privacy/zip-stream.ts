import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate'

/** One file of an archive: bytes in memory (compressed) or a stream (stored as is, e.g. WebP, video). */
export type ZipEntry =
  | { name: string; bytes: Uint8Array }
  | { name: string; stream: () => Promise<Readable | null> }

/** Waits until `out` wants more, or is gone (the client went away): true while it is still open. */
async function roomIn(out: PassThrough): Promise<boolean> {
  if (out.destroyed) return false
  if (!out.writableNeedDrain) return true
  await Promise.race([once(out, 'drain'), once(out, 'close')])
  return !out.destroyed
}

/**
 * A zip archive written as it is read, with fflate (no native code, no dependencies): the entries
 * are produced one after another, each stream's chunks waiting for the reader, so an archive with
 * hundreds of megabytes of videos never sits in memory. Media go in stored (they are compressed
 * already); JSON and text are deflated. A failing entry ends the stream with its error.
 */
export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const out = new PassThrough()
  const zip = new Zip((error, chunk, final) => {
    if (error) {
      out.destroy(error)
      return
    }
    if (!out.destroyed) out.write(chunk)
    if (final) out.end()
  })
  const write = async () => {
    for await (const entry of entries) {
      if (!(await roomIn(out))) return
      if ('bytes' in entry) {
        const file = new ZipDeflate(entry.name, { level: 6 })
        zip.add(file)
        file.push(entry.bytes, true)
        continue
      }
      const source = await entry.stream()
      // a file the store lost is left out rather than failing the whole archive
      if (source === null) continue
      const file = new ZipPassThrough(entry.name)
      zip.add(file)
      for await (const chunk of source) {
        file.push(chunk as Uint8Array)
        if (!(await roomIn(out))) {
          source.destroy()
          return
        }
      }
      file.push(new Uint8Array(0), true)
    }
    zip.end()
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))))
  return out
}
