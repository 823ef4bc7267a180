import type { Readable } from 'node:stream'
import type { ByteRange, MediaStore, StoreBody } from '#server/services/media/media-store.ts'

/**
 * The media store as it is, counting each call that throws (a full disk, S3 refusing or down) by
 * operation before passing the error on: the callers' answers (503, a retried upload) stay theirs.
 */
export class CountingMediaStore implements MediaStore {
  readonly kind: MediaStore['kind']

  constructor(
    private readonly store: MediaStore,
    private readonly countError: (operation: string) => void,
  ) {
    this.kind = store.kind
  }

  private async counted<T>(operation: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      this.countError(operation)
      throw error
    }
  }

  put(key: string, body: StoreBody, contentType: string): Promise<void> {
    return this.counted('put', () => this.store.put(key, body, contentType))
  }

  size(key: string): Promise<number | null> {
    return this.counted('size', () => this.store.size(key))
  }

  read(key: string, range?: ByteRange): Promise<Readable | null> {
    return this.counted('read', () => this.store.read(key, range))
  }

  delete(key: string): Promise<void> {
    return this.counted('delete', () => this.store.delete(key))
  }

  check(): Promise<void> {
    return this.counted('check', () => this.store.check())
  }

  close(): void {
    this.store.close?.()
  }
}
