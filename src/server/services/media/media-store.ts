import type { Readable } from 'node:stream'

/** A byte range of a stored file, both ends included (as in HTTP's Content-Range). */
export interface ByteRange {
  start: number
  end: number
}

/** What a put stores: bytes in memory (photo variants) or a file on local disk (a video). */
export type StoreBody = Buffer | { path: string; size: number }

/**
 * Where media files live, addressed by their content (`<sha256>.<ext>`, see media-keys.ts): local
 * disk (local-media-store.ts) or S3-compatible object storage (s3-media-store.ts). Files are
 * immutable: putting a key that exists is a harmless no-op, which is how identical uploads end up
 * stored once. docs/decisions/011-media-storage.md says why.
 */
export interface MediaStore {
  readonly kind: 'local' | 's3'
  put(key: string, body: StoreBody, contentType: string): Promise<void>
  /** The file's size, or null when no file has this key. */
  size(key: string): Promise<number | null>
  /** The file's bytes (a range of them when asked), or null when no file has this key. */
  read(key: string, range?: ByteRange): Promise<Readable | null>
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>
  /** Throws unless the store answers now (the readiness probe, /readyz). */
  check(): Promise<void>
  /** Releases connections (the S3 client's sockets) when the app closes. */
  close?(): void
}
