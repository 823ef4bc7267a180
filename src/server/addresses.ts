// IP addresses as the server reads them: parsed once, the same way, for counting clients
// (services/rate-limits/counters.ts, clientKey), keying reports, and checking TRUST_PROXY's ranges
// (trust-proxy.ts). A proxy may write one client's address in many spellings (`[2001:db8::2]`,
// `203.0.113.040`, `203.0.113.41:1234`): each must name the one client.

const HEX_GROUP = /^[0-9a-f]{1,4}$/i
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/

/** The four bytes of a dotted IPv4 address (a leading zero read as decimal), or undefined. */
function ipv4Bytes(text: string): [number, number, number, number] | undefined {
  const match = IPV4.exec(text)
  if (!match) return undefined
  const bytes = match.slice(1).map(Number) as [number, number, number, number]
  return bytes.every((n) => n <= 255) ? bytes : undefined
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, an IPv4 tail read, a zone dropped), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const zone = address.indexOf('%')
  const text = zone === -1 ? address : address.slice(0, zone)
  const halves = text.split('::')
  if (halves.length > 2) return undefined
  const read = (half: string | undefined): number[] | undefined => {
    if (half === undefined || half === '') return []
    const groups: number[] = []
    const parts = half.split(':')
    for (const [i, part] of parts.entries()) {
      const v4 = i === parts.length - 1 ? ipv4Bytes(part) : undefined
      if (v4) groups.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3])
      else if (HEX_GROUP.test(part)) groups.push(Number.parseInt(part, 16))
      else return undefined
    }
    return groups
  }
  const head = read(halves[0])
  const tail = read(halves[1])
  if (head === undefined || tail === undefined) return undefined
  if (halves.length === 1) return head.length === 8 ? head : undefined
  const missing = 8 - head.length - tail.length
  if (missing < 1) return undefined
  return [...head, ...new Array<number>(missing).fill(0), ...tail]
}

/** An address read: IPv4 as its four bytes, IPv6 as its eight groups (an IPv4-mapped one as IPv4). */
type Address = { family: 4; bytes: number[] } | { family: 6; groups: number[] }

function isMapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff
}

/**
 * Reads an address as a proxy or a socket may write it: bare, in brackets, with a port
 * (`203.0.113.41:1234`, `[2001:db8::2]:443`), with a zone. Undefined for anything else.
 */
function readAddress(raw: string): Address | undefined {
  let text = raw.trim()
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(text)
  if (bracketed?.[1]) text = bracketed[1]
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d{1,5}$/.test(text)) text = text.slice(0, text.lastIndexOf(':'))
  const v4 = ipv4Bytes(text)
  if (v4) return { family: 4, bytes: v4 }
  if (!text.includes(':')) return undefined
  const groups = ipv6Groups(text)
  if (!groups) return undefined
  if (isMapped(groups)) {
    const [high = 0, low = 0] = groups.slice(6)
    return { family: 4, bytes: [high >> 8, high & 255, low >> 8, low & 255] }
  }
  return { family: 6, groups }
}

/**
 * What a client is counted by: an IPv4 address, an IPv6 one by its /64 (one subscriber's whole
 * network: a client given a /64 could otherwise take a fresh address for every request), whatever
 * the spelling. Anything that is not an address (junk in X-Forwarded-For from a trusted hop) is
 * counted as the text it is.
 */
export function addressKey(raw: string): string {
  const address = readAddress(raw)
  if (!address) return raw.toLowerCase()
  if (address.family === 4) return address.bytes.join('.')
  return `${address.groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`
}

interface Range {
  start: bigint
  end: bigint
}

const IPV4_SPACE: Range = { start: 0n, end: 2n ** 32n - 1n }
const IPV6_SPACE: Range = { start: 0n, end: 2n ** 128n - 1n }
// ::ffff:0:0/96, where a dual-stack socket shows its IPv4 clients: covering it covers all of IPv4
const MAPPED_IPV4: Range = { start: 0xffffn << 32n, end: (0xffffn << 32n) + IPV4_SPACE.end }

const toNumber = (parts: number[], bits: bigint) =>
  parts.reduce((sum, part) => (sum << bits) + BigInt(part), 0n)

/** The range a valid address or CIDR names, and its family (an IPv4-mapped range stays IPv6 here). */
function rangeOf(cidr: string): { family: 4 | 6; range: Range } | undefined {
  const [address = '', bits] = cidr.split('/')
  const v4 = ipv4Bytes(address)
  const groups = v4 ? undefined : ipv6Groups(address)
  if (!v4 && !groups) return undefined
  const width = v4 ? 32n : 128n
  const hostBits = width - (bits === undefined ? width : BigInt(Number(bits)))
  const value = v4 ? toNumber(v4, 8n) : toNumber(groups ?? [], 16n)
  const start = (value >> hostBits) << hostBits
  return { family: v4 ? 4 : 6, range: { start, end: start + (1n << hostBits) - 1n } }
}

function covers(ranges: Range[], space: Range): boolean {
  let next = space.start
  for (const { start, end } of [...ranges].sort((a, b) =>
    a.start < b.start ? -1 : a.start > b.start ? 1 : 0,
  )) {
    if (start > next) return false
    if (end >= next) next = end + 1n
    if (next > space.end) return true
  }
  return next > space.end
}

/**
 * Whether these addresses/CIDRs hold, together, every IPv4 or every IPv6 address, whatever the
 * pieces: `0.0.0.0/0`, `0.0.0.0/1,128.0.0.0/1`, `::/1,8000::/1`, `::ffff:0:0/96`.
 */
export function coversAFamily(cidrs: readonly string[]): boolean {
  const v4: Range[] = []
  const v6: Range[] = []
  for (const cidr of cidrs) {
    const read = rangeOf(cidr)
    if (!read) continue
    if (read.family === 4) {
      v4.push(read.range)
      continue
    }
    v6.push(read.range)
    // the part of an IPv6 range inside the mapped block names those IPv4 addresses
    const start = read.range.start > MAPPED_IPV4.start ? read.range.start : MAPPED_IPV4.start
    const end = read.range.end < MAPPED_IPV4.end ? read.range.end : MAPPED_IPV4.end
    if (start <= end) v4.push({ start: start - MAPPED_IPV4.start, end: end - MAPPED_IPV4.start })
  }
  return covers(v4, IPV4_SPACE) || covers(v6, IPV6_SPACE)
}
