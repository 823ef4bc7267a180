// Media figures for `npm run bench` (docs/decisions/011-media-storage.md):
//   (a) time and peak RSS to process one 12-megapixel JPEG into its WebP variants and placeholder
//   (b) bytes a 390 px wide, 2x phone loads for a listing page's 12 card images (target ≤ 250 KB)
// Call: `const lines = await benchMedia(); for (const line of lines) console.log(line)`.
// Photos are generated: smooth gradients with sensor-like noise, which compress worse than most
// real photos, so (b) errs on the heavy side.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import sharp from 'sharp'
import { PHOTO_WIDTHS, variantWidth } from '#domain/media-urls.ts'
import { processPhoto } from '#server/services/media/process-photo.ts'

const PHONE_CSS_WIDTH = 390
const PHONE_DPR = 2
// the listing grid on a phone: two cards a row, 16 px page padding, a 12 px gap (a card ≈ 173 css px)
const CARD_CSS_WIDTH = (PHONE_CSS_WIDTH - 2 * 16 - 12) / 2
const CARDS = 12
const BUDGET_BYTES = 250_000

async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  let x = seed
  for (let y = 0; y < height; y++) {
    for (let c = 0; c < width; c++) {
      x = (x * 1103515245 + 12345) & 0x7fffffff
      const i = (y * width + c) * 3
      pixels[i] = ((c * 255) / width + seed * 40 + (x % 24)) & 0xff
      pixels[i + 1] = ((y * 255) / height + (x % 24)) & 0xff
      pixels[i + 2] = (((c + y) * 128) / (width + height) + seed * 20 + (x % 24)) & 0xff
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer()
}

/** The srcset candidate a browser picks: the narrowest at least as wide as the slot's device pixels. */
function pickedIndex(photoWidth: number): number {
  const needed = CARD_CSS_WIDTH * PHONE_DPR
  const index = PHOTO_WIDTHS.findIndex((target) => variantWidth(target, photoWidth) >= needed)
  return index < 0 ? PHOTO_WIDTHS.length - 1 : index
}

async function timeOne(path: string): Promise<{ ms: number; peakMb: number; baseMb: number }> {
  const baseMb = process.memoryUsage().rss / 1e6
  let peak = baseMb
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss / 1e6)
  }, 5)
  const started = performance.now()
  await processPhoto(path, 'bench')
  const ms = performance.now() - started
  clearInterval(sampler)
  return { ms, peakMb: Math.max(peak, process.memoryUsage().rss / 1e6), baseMb }
}

export async function benchMedia(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'maple-bench-media-'))
  try {
    const big = join(dir, '12mp.jpg')
    writeFileSync(big, await photo(4000, 3000, 1))
    await processPhoto(big, 'bench') // warm-up: libvips loads its codecs once
    const run = await timeOne(big)
    const lines = [
      `media: 12 MP JPEG → 3 WebP widths + placeholder: ${run.ms.toFixed(0)} ms, ` +
        `peak RSS ${run.peakMb.toFixed(0)} MB (${(run.peakMb - run.baseMb).toFixed(0)} MB above the ${run.baseMb.toFixed(0)} MB before)`,
    ]

    let total = 0
    const picked: number[] = []
    for (let i = 0; i < CARDS; i++) {
      const path = join(dir, `card-${i}.jpg`)
      writeFileSync(path, await photo(2000, 1500, i + 2))
      const processed = await processPhoto(path, 'bench')
      const index = pickedIndex(processed.width)
      picked.push(PHOTO_WIDTHS[index] as number)
      total += processed.variants[index]?.length ?? 0
    }
    const verdict = total <= BUDGET_BYTES ? 'ok' : 'MISS'
    lines.push(
      `media: ${CARDS} card images on a ${PHONE_CSS_WIDTH} px ${PHONE_DPR}x phone (cards ${CARD_CSS_WIDTH} css px, ` +
        `${[...new Set(picked)].join('/')} w variant): ${(total / 1000).toFixed(1)} kB ` +
        `(target ≤ ${BUDGET_BYTES / 1000} kB) ${verdict}`,
    )
    return lines
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
