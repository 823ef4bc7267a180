import sharp from 'sharp'
import { MAX_PHOTO_ASPECT, MAX_PHOTO_PIXELS, MAX_PHOTO_SIDE } from '#domain/constants.ts'
import { PHOTO_WIDTHS } from '#domain/media-urls.ts'
import { ApiError } from '#server/errors.ts'
import { Semaphore } from './semaphore.ts'

// One libvips thread and one photo at a time: a 40 MP photo decodes to about 160 MB, so two
// uploads at once on this 2-core machine already weigh 300 MB+; a queue costs seconds, not memory
// (docs/decisions/011-media-storage.md). No operation cache: every input is new.
sharp.concurrency(1)
sharp.cache(false)
const oneAtATime = new Semaphore(1)
// a photo inside every limit that still decodes this long is refused rather than hold the only slot
export const DECODE_TIMEOUT_SECONDS = 15

const WEBP_QUALITY = 75
const PLACEHOLDER_WIDTH = 16

export interface ProcessedPhoto {
  /** the largest stored variant's size, after EXIF rotation */
  width: number
  height: number
  /** a 16 px WebP as a data: URI; the browser's upscaling blurs it */
  placeholder: string
  /** WebP files in PHOTO_WIDTHS order, without any metadata */
  variants: Buffer[]
}

async function headerSize(path: string): Promise<{ width: number; height: number }> {
  try {
    const meta = await sharp(path, { limitInputPixels: false }).metadata()
    return { width: meta.width ?? 0, height: meta.height ?? 0 }
  } catch (error) {
    throw new ApiError(415, 'media.photo_unreadable', { cause: error })
  }
}

/**
 * The header alone says how big and what shape the decoded image would be: a decompression bomb,
 * or a strip libvips takes half a minute to decode, stops here, before it waits for the decoder.
 */
async function checkHeader(path: string): Promise<void> {
  const declared = await headerSize(path)
  const { width, height } = declared
  if (width === 0 || height === 0) throw new ApiError(415, 'media.photo_unreadable')
  if (width * height > MAX_PHOTO_PIXELS) throw new ApiError(413, 'media.photo_pixels')
  if (Math.max(width, height) > MAX_PHOTO_SIDE) throw new ApiError(413, 'media.photo_shape')
  if (Math.max(width, height) > MAX_PHOTO_ASPECT * Math.min(width, height))
    throw new ApiError(413, 'media.photo_shape')
}

async function encode(path: string): Promise<ProcessedPhoto> {
  const largest = Math.max(...PHOTO_WIDTHS)
  // decode once, rotated by its EXIF orientation and shrunk to the largest variant (JPEG shrinks
  // while decoding); the other widths are made from these pixels. Raw pixels carry no metadata.
  const { data, info } = await sharp(path, { limitInputPixels: MAX_PHOTO_PIXELS, pages: 1 })
    .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } }
  const variants: Buffer[] = []
  for (const width of PHOTO_WIDTHS) {
    variants.push(
      await sharp(data, raw)
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer(),
    )
  }
  const tiny = await sharp(data, raw).resize({ width: PLACEHOLDER_WIDTH }).webp({ quality: 40 }).toBuffer()
  return {
    width: info.width,
    height: info.height,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    variants,
  }
}

/**
 * Re-encodes an uploaded photo; the original file is only read, never kept. Photos wait for the
 * decoder by turns between uploaders (`ownerId`), so one account's batch never starves the others.
 */
export async function processPhoto(path: string, ownerId: string): Promise<ProcessedPhoto> {
  await checkHeader(path)
  return oneAtATime.run(async () => {
    try {
      return await encode(path)
    } catch (error) {
      if (error instanceof ApiError) throw error
      const message = error instanceof Error ? error.message : ''
      if (/pixel limit/i.test(message)) throw new ApiError(413, 'media.photo_pixels', { cause: error })
      if (/timeout/i.test(message)) throw new ApiError(413, 'media.photo_too_slow', { cause: error })
      throw new ApiError(415, 'media.photo_unreadable', { cause: error })
    }
  }, ownerId)
}
