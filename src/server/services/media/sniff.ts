// What a file is, from its first bytes only: a name or a declared type is whatever the client says,
// so neither is ever read. Enough bytes: SNIFF_BYTES.

export type SniffedType =
  | { kind: 'photo'; format: 'jpeg' | 'png' | 'webp' | 'heif' | 'avif' }
  | { kind: 'video'; format: 'mp4' | 'webm'; contentType: 'video/mp4' | 'video/webm' }

export const SNIFF_BYTES = 64

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1')

function startsWith(bytes: Buffer, signature: readonly number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte)
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])
// ISO base media brands of MP4 files as cameras, phones and encoders write them (QuickTime's 'qt  '
// is not MP4 and plays in few browsers, so it is refused)
const MP4_BRANDS = new Set([
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'iso7',
  'iso8',
  'iso9',
  'mp41',
  'mp42',
  'mp71',
  'avc1',
  'dash',
  'M4V ',
  'MSNV',
  'f4v ',
])

/** The brands of an ISO base media file's `ftyp` box: major first, then the compatible ones. */
function ftypBrands(bytes: Buffer): string[] {
  if (bytes.length < 12 || ascii(bytes, 4, 8) !== 'ftyp') return []
  const boxSize = bytes.readUInt32BE(0)
  const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 12)
  const brands = [ascii(bytes, 8, 12)]
  // bytes 12..16 are the minor version; compatible brands follow, four bytes each
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4))
  return brands
}

function sniffIsoMedia(bytes: Buffer): SniffedType | null {
  const brands = ftypBrands(bytes)
  const major = brands[0]
  if (major === undefined) return null
  // an AVIF names 'avif' as its major brand or, under a generic 'mif1', among the compatible ones
  if (AVIF_BRANDS.has(major)) return { kind: 'photo', format: 'avif' }
  if (HEIF_BRANDS.has(major)) {
    return brands.some((b) => AVIF_BRANDS.has(b))
      ? { kind: 'photo', format: 'avif' }
      : { kind: 'photo', format: 'heif' }
  }
  if (MP4_BRANDS.has(major)) return { kind: 'video', format: 'mp4', contentType: 'video/mp4' }
  return null
}

export function sniff(bytes: Buffer): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'photo', format: 'jpeg' }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { kind: 'photo', format: 'png' }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { kind: 'photo', format: 'webp' }
  // EBML, then the DocType 'webm' in the header (Matroska shares the EBML magic but not the DocType)
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 0, SNIFF_BYTES).includes('webm')) {
    return { kind: 'video', format: 'webm', contentType: 'video/webm' }
  }
  return sniffIsoMedia(bytes)
}
