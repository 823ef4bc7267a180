import type { ByteRange } from './media-store.ts'

/**
 * The one range a `Range: bytes=…` header asks of a file of `size` bytes (RFC 9110 §14):
 * null means send the whole file (no header, a syntax we do not serve such as several ranges —
 * ignoring Range is always allowed), 'unsatisfiable' means answer 416.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match) return null
  const [, first = '', last = ''] = match
  if (first === '' && last === '') return null
  if (first === '') {
    // a suffix: the last N bytes
    const length = Number(last)
    if (length === 0 || size === 0) return 'unsatisfiable'
    return { start: Math.max(0, size - length), end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  if (end < start) return null
  return { start, end }
}
