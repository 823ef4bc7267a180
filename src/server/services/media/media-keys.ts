import { createHash } from 'node:crypto'

// Storage keys are `<sha256 hex>.<ext>`: the same bytes always get the same key (stored once), and
// a key says its own type. Anything else is not a key we wrote, so drivers never touch it.
const KEY_PATTERN = /^[0-9a-f]{64}\.(?:webp|mp4|webm)$/

export function isStorageKey(value: string): boolean {
  return KEY_PATTERN.test(value)
}

export function keyFor(sha256Hex: string, extension: 'webp' | 'mp4' | 'webm'): string {
  return `${sha256Hex}.${extension}`
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}
