import { describe, expect, it } from 'vitest'
import { chosenEncoding } from './content-encoding.ts'

describe('the encoding an answer goes out in', () => {
  it('prefers brotli, then gzip, as browsers offer them', () => {
    expect(chosenEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(chosenEncoding('gzip, deflate')).toBe('gzip')
    expect(chosenEncoding('GZIP')).toBe('gzip')
    expect(chosenEncoding('deflate')).toBe('identity')
    expect(chosenEncoding(undefined)).toBe('identity')
    expect(chosenEncoding('')).toBe('identity')
  })

  it('never picks an encoding the client refused with q=0', () => {
    expect(chosenEncoding('br;q=0, gzip')).toBe('gzip')
    expect(chosenEncoding('br; q=0, gzip;q=0')).toBe('identity')
    expect(chosenEncoding('*;q=0')).toBe('identity')
  })

  it('takes a wildcard as both, unless one is named and refused', () => {
    expect(chosenEncoding('*')).toBe('br')
    expect(chosenEncoding('br;q=0, *')).toBe('gzip')
  })

  it('reads junk as no preference rather than throwing', () => {
    expect(chosenEncoding('br;q=abc, gzip')).toBe('gzip')
    expect(chosenEncoding(',,;;')).toBe('identity')
    expect(chosenEncoding(['gzip', 'br'])).toBe('br')
  })
})
