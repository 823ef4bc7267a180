import { isIPv4 } from 'node:net'

// Addresses as numbers, to tell whether a list of CIDRs covers a whole address family between its
// pieces (trust-proxy.ts: `0.0.0.0/1,128.0.0.0/1` trusts every IPv4 address as surely as `0.0.0.0/0`).

interface Range {
  start: bigint
  end: bigint
}

const IPV4_SPACE: Range = { start: 0n, end: 2n ** 32n - 1n }
const IPV6_SPACE: Range = { start: 0n, end: 2n ** 128n - 1n }
// ::ffff:0:0/96, where a dual-stack socket shows its IPv4 clients: covering it covers all of IPv4
const MAPPED_IPV4: Range = { start: 0xffffn << 32n, end: (0xffffn << 32n) + IPV4_SPACE.end }

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((sum, part) => (sum << 8n) + BigInt(Number(part)), 0n)
}

function ipv6Number(address: string): bigint {
  // an IPv4 tail (::ffff:1.2.3.4) is two groups
  const tail = address.match(/(\d+\.\d+\.\d+\.\d+)$/)?.[1]
  const text = tail
    ? `${address.slice(0, -tail.length)}${(ipv4Number(tail) >> 16n).toString(16)}:${(ipv4Number(tail) & 0xffffn).toString(16)}`
    : address
  const [head = '', rest] = text.split('::')
  const left = head === '' ? [] : head.split(':')
  const right = rest === undefined || rest === '' ? [] : rest.split(':')
  const groups =
    rest === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
  return groups.reduce((sum, group) => (sum << 16n) + BigInt(Number.parseInt(group, 16)), 0n)
}

/** The range a valid address or CIDR names, and its family. */
function rangeOf(cidr: string): { family: 4 | 6; range: Range } {
  const [address = '', bits] = cidr.split('/')
  const family = isIPv4(address) ? 4 : 6
  const width = family === 4 ? 32n : 128n
  const prefix = bits === undefined ? width : BigInt(Number(bits))
  const hostBits = width - prefix
  const start = ((family === 4 ? ipv4Number(address) : ipv6Number(address)) >> hostBits) << hostBits
  return { family, range: { start, end: start + (1n << hostBits) - 1n } }
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
 * Whether these addresses/CIDRs (each already checked valid) hold, together, every IPv4 or every
 * IPv6 address, whatever the pieces: `0.0.0.0/1,128.0.0.0/1`, `::/1,8000::/1`, `::ffff:0:0/96`.
 */
export function coversAFamily(cidrs: readonly string[]): boolean {
  const v4: Range[] = []
  const v6: Range[] = []
  for (const cidr of cidrs) {
    const { family, range } = rangeOf(cidr)
    if (family === 4) {
      v4.push(range)
      continue
    }
    v6.push(range)
    // the part of an IPv6 range that lies in the mapped block names those IPv4 addresses
    const start = range.start > MAPPED_IPV4.start ? range.start : MAPPED_IPV4.start
    const end = range.end < MAPPED_IPV4.end ? range.end : MAPPED_IPV4.end
    if (start <= end) v4.push({ start: start - MAPPED_IPV4.start, end: end - MAPPED_IPV4.start })
  }
  return covers(v4, IPV4_SPACE) || covers(v6, IPV6_SPACE)
}
