import { randomBytes } from 'node:crypto'
import { constants, createReadStream } from 'node:fs'
import { access, copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { isStorageKey } from './media-keys.ts'
import type { ByteRange, MediaStore, StoreBody } from './media-store.ts'

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT'
}

/**
 * Media files under one directory, fanned out by the key's first two characters so no directory
 * grows to millions of entries. A put writes a temporary file beside the target and renames it, so
 * a reader never sees half a file and a crash leaves at most a `.tmp-*` file behind.
 */
export class LocalMediaStore implements MediaStore {
  readonly kind = 'local' as const

  constructor(private readonly root: string) {}

  /** The readiness probe's question: can files be written under the root (disk mounted, writable)? */
  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true })
    await access(this.root, constants.W_OK)
  }

  private pathOf(key: string): string {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`)
    return join(this.root, key.slice(0, 2), key)
  }

  async put(key: string, body: StoreBody): Promise<void> {
    const target = this.pathOf(key)
    if ((await this.size(key)) !== null) return
    await mkdir(join(this.root, key.slice(0, 2)), { recursive: true })
    const temp = `${target}.tmp-${randomBytes(6).toString('hex')}`
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body)
      else await copyFile(body.path, temp)
      await rename(temp, target)
    } finally {
      await rm(temp, { force: true })
    }
  }

  async size(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null
    try {
      return (await stat(this.pathOf(key))).size
    } catch (error) {
      if (isMissing(error)) return null
      throw error
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if ((await this.size(key)) === null) return null
    return createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {})
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    await rm(this.pathOf(key), { force: true })
  }
}
