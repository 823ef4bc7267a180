import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'

// Storage keys are `<sha256 hex>.<ext>`: the same bytes always get the same key (stored once), and
// a key says its own type. Anything else is not a key we wrote, so drivers never touch it.
// Verification photos get `private-<sha256 hex>.webp`: no media row ever names one, so no /media URL
// reaches it, and it never shares a file with an ad's photo (docs/decisions/031-verified-advertisers.md).
// A legal hold's copies get `legal-<key>`: no media row names one either, so deleting live media
// never reaches them (docs/decisions/057-legal-holds.md).
const KEY_PATTERN = /^(?:private-|legal-)?[0-9a-f]{64}\.(?:webp|mp4|webm)$/

export function isStorageKey(value: string): boolean {
  return KEY_PATTERN.test(value)
}

export function keyFor(sha256Hex: string, extension: 'webp' | 'mp4' | 'webm'): string {
  return `${sha256Hex}.${extension}`
}

/** The key of a file only admins may read, through an admin route: never a media row's. */
export function privateKeyFor(sha256Hex: string): string {
  return `private-${sha256Hex}.webp`
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

/** The sha256 of a file on disk, read as a stream (a video may be 50 MB). */
export async function fileSha256(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}
