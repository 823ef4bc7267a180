import { createReadStream } from 'node:fs'
import { Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3'
import { DependencyUnavailable } from '#server/outages.ts'
import { isStorageKey } from './media-keys.ts'
import type { ByteRange, MediaStore, StoreBody } from './media-store.ts'

export interface S3Settings {
  bucket: string
  region: string
  endpoint?: string | undefined
  accessKeyId?: string | undefined
  secretAccessKey?: string | undefined
  forcePathStyle: boolean
  /** One call (its retries included) before the store counts as unavailable: S3_TIMEOUT_MS. */
  timeoutMs: number
}

// a put of a large file (a video) gets this much more time per MiB on top of timeoutMs
const PUT_MS_PER_MIB = 1_000
// a socket of a file being streamed to a client that stays silent this long is given up: a store
// frozen in the middle of a file. Long, because a slow reader's back-pressure also silences it
const STREAM_IDLE_MS = 60_000

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404
}

/** Whether the store was out of reach (refused, timed out, 5xx), rather than refusing this call. */
function isUnavailable(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } }
  const status = e.$metadata?.httpStatusCode
  return e.name === 'AbortError' || e.name === 'TimeoutError' || status === undefined || status >= 500
}

/**
 * Media in one S3-compatible bucket (AWS, MinIO, Ceph, R2…), read back through the API so Range,
 * cache headers and 404s behave exactly as with local disk and the bucket can stay private.
 */
export class S3MediaStore implements MediaStore {
  readonly kind = 's3' as const
  private readonly client: S3Client
  private readonly bucket: string

  constructor(settings: S3Settings) {
    const config: S3ClientConfig = {
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      // the SDK's default CRC checksums use aws-chunked uploads that several S3-compatible stores
      // refuse; content-addressed keys already say what the bytes must be
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }
    // a store that accepts connections and never answers (frozen, overloaded) must not hold a
    // request for ever: connecting is bounded here, each call by guard()
    config.requestHandler = { connectionTimeout: settings.timeoutMs, requestTimeout: STREAM_IDLE_MS }
    if (settings.endpoint) config.endpoint = settings.endpoint
    if (settings.accessKeyId && settings.secretAccessKey) {
      config.credentials = { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
    }
    this.client = new S3Client(config)
    this.bucket = settings.bucket
    this.timeoutMs = settings.timeoutMs
  }

  private readonly timeoutMs: number

  /**
   * Runs one call of the SDK within `timeoutMs` (until the answer's headers: a file then streams at
   * the reader's pace); an outage becomes DependencyUnavailable, which the error handler answers 503.
   */
  private async guard<T>(call: (abortSignal: AbortSignal) => Promise<T>, extraMs = 0): Promise<T> {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), this.timeoutMs + extraMs)
    try {
      return await call(abort.signal)
    } catch (error) {
      if (!isNotFound(error) && isUnavailable(error))
        throw new DependencyUnavailable('media store', { cause: error })
      throw error
    } finally {
      clearTimeout(timer)
    }
  }

  async check(): Promise<void> {
    await this.guard((abortSignal) =>
      this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal }),
    )
  }

  async put(key: string, body: StoreBody, contentType: string): Promise<void> {
    if (!isStorageKey(key)) throw new Error(`not a storage key: ${key}`)
    if ((await this.size(key)) !== null) return
    const payload = Buffer.isBuffer(body)
      ? { Body: body, ContentLength: body.length }
      : { Body: createReadStream(body.path), ContentLength: body.size }
    await this.guard(
      (abortSignal) =>
        this.client.send(
          new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ...payload }),
          { abortSignal },
        ),
      Math.ceil(payload.ContentLength / (1024 * 1024)) * PUT_MS_PER_MIB,
    )
  }

  async size(key: string): Promise<number | null> {
    if (!isStorageKey(key)) return null
    try {
      const head = await this.guard((abortSignal) =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
      )
      return head.ContentLength ?? 0
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable | null> {
    if (!isStorageKey(key)) return null
    try {
      const object = await this.guard((abortSignal) =>
        this.client.send(
          new GetObjectCommand({
            Bucket: this.bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
          { abortSignal },
        ),
      )
      const body = object.Body
      if (body instanceof Readable) return body
      if (!body) return Readable.from([])
      return Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0])
    } catch (error) {
      if (isNotFound(error)) return null
      throw error
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return
    await this.guard((abortSignal) =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }), { abortSignal }),
    )
  }

  close(): void {
    this.client.destroy()
  }
}
