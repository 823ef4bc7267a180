import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '#server/config.ts'
import { LocalMediaStore } from './local-media-store.ts'
import type { MediaStore } from './media-store.ts'
import { S3MediaStore } from './s3-media-store.ts'

type MediaConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'MEDIA_DIR'
  | 'S3_BUCKET'
  | 'S3_ENDPOINT'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
  | 'S3_TIMEOUT_MS'
>

/** Local disk where MEDIA_DIR (or DATA_DIR/media) says, unless S3_BUCKET chooses object storage. */
export function localMediaDir(config: MediaConfig): string {
  if (config.MEDIA_DIR) return config.MEDIA_DIR
  // an in-memory database (tests, demos) has no data directory: its media are as temporary as it
  if (config.DATA_DIR.startsWith('memory://')) return join(tmpdir(), `maple-media-${process.pid}`)
  return join(config.DATA_DIR, 'media')
}

export function openMediaStore(config: MediaConfig): MediaStore {
  if (config.S3_BUCKET) {
    return new S3MediaStore({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      timeoutMs: config.S3_TIMEOUT_MS,
    })
  }
  return new LocalMediaStore(localMediaDir(config))
}
