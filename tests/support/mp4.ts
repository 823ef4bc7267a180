// A small but well-formed MP4 built box by box (no encoder on these machines): one video track with
// an empty sample table and a few bytes of mdat, enough for exiftool to read and write its
// metadata as it does a phone's video. `moovFirst` puts moov before mdat, as "fast start" files do.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function box(type: string, ...parts: Buffer[]): Buffer {
  const payload = Buffer.concat(parts)
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + payload.length, 0)
  header.write(type, 4, 'latin1')
  return Buffer.concat([header, payload])
}

const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4)
  values.forEach((v, i) => {
    b.writeUInt32BE(v >>> 0, i * 4)
  })
  return b
}
const u16 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 2)
  values.forEach((v, i) => {
    b.writeUInt16BE(v & 0xffff, i * 2)
  })
  return b
}
const zeros = (n: number) => Buffer.alloc(n)
const MATRIX = u32(0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)
// 2024-05-01 in seconds since 1904, as QuickTime counts
const WHEN = 3_797_452_800

export function minimalMp4(
  options: { moovFirst?: boolean; compressor?: string; mdat?: Buffer; when?: number } = {},
): Buffer {
  const when = options.when ?? WHEN
  const name = Buffer.alloc(32)
  const compressor = options.compressor ?? 'Lavc60.31.102 libx264'
  name[0] = compressor.length
  name.write(compressor, 1, 'latin1')
  const avc1 = box(
    'avc1',
    zeros(6),
    u16(1),
    zeros(16),
    u16(320, 240),
    u32(0x480000, 0x480000, 0),
    u16(1),
    name,
    u16(0x18, 0xffff),
  )
  const stbl = box(
    'stbl',
    box('stsd', u32(0, 1), avc1),
    box('stts', u32(0, 0)),
    box('stsc', u32(0, 0)),
    box('stsz', u32(0, 0, 0)),
    box('stco', u32(0, 0)),
  )
  const minf = box(
    'minf',
    box('vmhd', u32(1), zeros(8)),
    box('dinf', box('dref', u32(0, 1), box('url ', u32(1)))),
    stbl,
  )
  const mdia = box(
    'mdia',
    box('mdhd', u32(0, when, when, 1000, 1000), u16(0x55c4, 0)),
    box('hdlr', u32(0, 0), Buffer.from('vide', 'latin1'), zeros(12), Buffer.from('VideoHandler\0', 'latin1')),
    minf,
  )
  const tkhd = box(
    'tkhd',
    u32(3, when, when, 1, 0, 1000),
    zeros(8),
    u16(0, 0, 0, 0),
    MATRIX,
    u32(320 << 16, 240 << 16),
  )
  const mvhd = box(
    'mvhd',
    u32(0, when, when, 1000, 1000, 0x10000),
    u16(0x100),
    zeros(10),
    MATRIX,
    zeros(24),
    u32(2),
  )
  const moov = box('moov', mvhd, box('trak', tkhd, mdia))
  const ftyp = box(
    'ftyp',
    Buffer.from('isom', 'latin1'),
    u32(0x200),
    Buffer.from('isomiso2avc1mp41', 'latin1'),
  )
  const mdat = box('mdat', options.mdat ?? Buffer.alloc(2048, 0x5a))
  return options.moovFirst ? Buffer.concat([ftyp, moov, mdat]) : Buffer.concat([ftyp, mdat, moov])
}

/**
 * A video with a timed-text track (mov_text, `tx3g`) whose one sample is `text`, as drones, dash
 * cams and action cameras write their GPS: moov first, the video's bytes then the subtitle's in mdat.
 */
export function mp4WithSubtitle(text: string): Buffer {
  const plain = minimalMp4({ moovFirst: true, compressor: '', when: 0, mdat: Buffer.alloc(1024, 0x5a) })
  const ftypEnd = plain.readUInt32BE(0)
  const moov = plain.subarray(ftypEnd, ftypEnd + plain.readUInt32BE(ftypEnd))
  const videoBytes = plain.subarray(ftypEnd + moov.length + 8)
  const sample = Buffer.concat([u16(Buffer.byteLength(text, 'utf8')), Buffer.from(text, 'utf8')])
  const textTrak = (offset: number) =>
    box(
      'trak',
      box('tkhd', u32(3, 0, 0, 2, 0, 1000), zeros(8), u16(0, 0, 0, 0), MATRIX, u32(0, 0)),
      box(
        'mdia',
        box('mdhd', u32(0, 0, 0, 1000, 1000), u16(0x55c4, 0)),
        box(
          'hdlr',
          u32(0, 0),
          Buffer.from('text', 'latin1'),
          zeros(12),
          Buffer.from('SubtitleHandler\0', 'latin1'),
        ),
        box(
          'minf',
          box('nmhd', u32(0)),
          box('dinf', box('dref', u32(0, 1), box('url ', u32(1)))),
          box(
            'stbl',
            box('stsd', u32(0, 1), box('tx3g', zeros(6), u16(1), zeros(30))),
            box('stts', u32(0, 1, 1, 1000)),
            box('stsc', u32(0, 1, 1, 1, 1)),
            box('stsz', u32(0, 0, 1, sample.length)),
            box('stco', u32(0, 1, offset)),
          ),
        ),
      ),
    )
  // the moov's children after its 8-byte header, with the text track added
  const build = (offset: number) => box('moov', moov.subarray(8), textTrak(offset))
  const offset = ftypEnd + build(0).length + 8 + videoBytes.length
  const mdat = box('mdat', videoBytes, sample)
  return Buffer.concat([plain.subarray(0, ftypEnd), build(offset), mdat])
}

/** Writes where, who and with what, as a phone and an editor would, with exiftool. */
export function mp4WithLocation(options: { moovFirst?: boolean } = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'maple-mp4-'))
  try {
    const path = join(dir, 'clip.mp4')
    writeFileSync(path, minimalMp4(options))
    execFileSync('exiftool', [
      '-q',
      '-overwrite_original',
      '-UserData:GPSCoordinates=45.5017, -73.5673',
      '-Keys:GPSCoordinates=45.5017, -73.5673',
      '-UserData:Make=Apple',
      '-UserData:Model=iPhone 15',
      '-Keys:Make=Apple',
      '-Keys:Model=iPhone 15',
      '-ItemList:Encoder=Lavf60.16.100',
      '-XMP:Creator=Jane Poster',
      path,
    ])
    return readFileSync(path)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
