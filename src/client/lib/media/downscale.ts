// Photos straight from a phone camera are 4000px and several MB; stored as they are, eight of them
// would crowd IndexedDB and the device. They are scaled down here, once, before being kept.
import { fitWithin, MAX_PHOTO_DIMENSION } from '#domain/ad-form-rules.ts'

const QUALITY = 0.85

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, QUALITY))
}

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) return null
  context.drawImage(bitmap, 0, 0, width, height)
  // a browser that cannot write WebP hands back a PNG instead, larger than a JPEG: use JPEG then
  const webp = await canvasToBlob(canvas, 'image/webp')
  if (webp && webp.type === 'image/webp') return webp
  return canvasToBlob(canvas, 'image/jpeg')
}

/**
 * The photo with its longest side at most 1600px, as WebP (or JPEG). A photo already small enough
 * is re-encoded too, which drops its metadata (camera GPS position among it). Throws when the file
 * is not an image the browser can decode.
 */
export async function downscaleImage(file: Blob, max = MAX_PHOTO_DIMENSION): Promise<Blob> {
  if (!file.type.startsWith('image/')) throw new Error('not an image')
  if (typeof createImageBitmap !== 'function') return file
  const bitmap = await createImageBitmap(file)
  try {
    const { width, height } = fitWithin(bitmap.width, bitmap.height, max)
    return (await encode(bitmap, width, height)) ?? file
  } finally {
    bitmap.close()
  }
}
