// A small but well-formed WebM built element by element (no encoder on these machines): the EBML
// header, Info, one VP9 track, a cluster with one block, and the metadata a phone or an editor
// leaves (title, muxing and writing app, date, track name, tags with a location), for exiftool to
// read. `live` writes the Segment and the Cluster with an unknown size, as MediaRecorder does, and
// the tags after the cluster.

/** An EBML size of `length` bytes (1..8); `null` writes "unknown". */
function size(value: number | null, length: number): Buffer {
  const out = Buffer.alloc(length)
  if (value === null) {
    out.fill(0xff)
    out[0] = (0xff >> (length - 1)) | (0x80 >> (length - 1))
    return out
  }
  let rest = value
  for (let i = length - 1; i >= 0; i -= 1) {
    out[i] = rest % 256
    rest = Math.floor(rest / 256)
  }
  out[0] = (out[0] ?? 0) | (0x80 >> (length - 1))
  return out
}

function idBytes(id: number): Buffer {
  const length = id > 0xffffff ? 4 : id > 0xffff ? 3 : id > 0xff ? 2 : 1
  const out = Buffer.alloc(length)
  out.writeUIntBE(id, 0, length)
  return out
}

/** An element; `sizeLength` 8 as mkvmerge writes, 1..4 otherwise (the smallest that fits). */
function el(id: number, parts: Buffer[] | Buffer, options: { sizeLength?: number; unknown?: boolean } = {}) {
  const data = Buffer.isBuffer(parts) ? parts : Buffer.concat(parts)
  const length = options.sizeLength ?? (data.length < 127 ? 1 : data.length < 16383 ? 2 : 4)
  return Buffer.concat([idBytes(id), size(options.unknown ? null : data.length, length), data])
}
const uint = (id: number, value: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(value)
  return el(id, b)
}
const str = (id: number, value: string) => el(id, Buffer.from(value, 'utf8'))
const date = (id: number, nanosecondsSince2001: bigint) => {
  const b = Buffer.alloc(8)
  b.writeBigInt64BE(nanosecondsSince2001)
  return el(id, b)
}
const float = (id: number, value: number) => {
  const b = Buffer.alloc(8)
  b.writeDoubleBE(value)
  return el(id, b)
}

export const WEBM_SECRETS = {
  title: 'Chez Marie, 123 rue Sainte-Catherine',
  app: 'Lavf60.16.100',
  trackName: 'iPhone de Marie',
  location: '+45.5017-073.5673/',
  artist: 'Marie Tremblay',
}

function simpleTag(name: string, value: string) {
  return el(0x67c8, [str(0x45a3, name), str(0x4487, value)])
}

/**
 * `subtitle` adds a WebVTT track (number 2) whose one block is that line, and Chapters naming it, as
 * drones, dash cams and action cameras write their GPS.
 */
export function webmWithMetadata(options: { live?: boolean; subtitle?: string } = {}): Buffer {
  const header = el(0x1a45dfa3, [
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    str(0x4282, 'webm'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  ])
  const info = el(0x1549a966, [
    uint(0x2ad7b1, 1_000_000),
    str(0x4d80, WEBM_SECRETS.app),
    str(0x5741, WEBM_SECRETS.app),
    str(0x7ba9, WEBM_SECRETS.title),
    // 2024-05-01 in nanoseconds since 2001-01-01
    date(0x4461, 736_214_400_000_000_000n),
    float(0x4489, 40),
  ])
  const tracks = el(0x1654ae6b, [
    el(0xae, [
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      str(0x86, 'V_VP9'),
      str(0x536e, WEBM_SECRETS.trackName),
      el(0xe0, [uint(0xb0, 320), uint(0xba, 240)]),
    ]),
    ...(options.subtitle === undefined
      ? []
      : [el(0xae, [uint(0xd7, 2), uint(0x73c5, 2), uint(0x83, 0x11), str(0x86, 'S_TEXT/WEBVTT')])]),
  ])
  const block = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), Buffer.alloc(512, 0x5a)])
  const cluster = el(
    0x1f43b675,
    [
      uint(0xe7, 0),
      el(0xa3, block),
      ...(options.subtitle === undefined
        ? []
        : [
            el(
              0xa3,
              Buffer.concat([Buffer.from([0x82, 0x00, 0x00, 0x80]), Buffer.from(options.subtitle, 'utf8')]),
            ),
          ]),
    ],
    options.live ? { unknown: true, sizeLength: 8 } : {},
  )
  const tags = el(
    0x1254c367,
    [
      el(0x7373, [
        el(0x63c0, []),
        simpleTag('LOCATION', WEBM_SECRETS.location),
        simpleTag('ARTIST', WEBM_SECRETS.artist),
        simpleTag('ENCODER', WEBM_SECRETS.app),
      ]),
    ],
    { sizeLength: 8 },
  )
  // an edition with one chapter whose title is the subtitle line
  const chapters =
    options.subtitle === undefined
      ? []
      : [
          el(0x1043a770, [
            el(0x45b9, [el(0xb6, [uint(0x73c4, 1), uint(0x91, 0), el(0x80, [str(0x85, options.subtitle)])])]),
          ]),
        ]
  const body = options.live
    ? [info, tracks, ...chapters, cluster, tags]
    : [info, tracks, ...chapters, tags, cluster]
  return Buffer.concat([header, el(0x18538067, body, { sizeLength: 8, unknown: options.live })])
}
