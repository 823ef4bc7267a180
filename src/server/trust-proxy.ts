import { isIP } from 'node:net'
import { coversAFamily } from './addresses.ts'

/**
 * What Fastify's `trustProxy` gets: `false`, a number of proxy hops in front of us, or the
 * addresses/CIDRs of those proxies. `true` is never produced: it would trust every
 * X-Forwarded-For entry, so a client could name its own IP and walk past every per-IP rate limit.
 */
export type TrustProxy = false | number | string[]

export const TRUST_PROXY_TRUE_ERROR =
  'TRUST_PROXY=true trusts every X-Forwarded-For hop, so any client can forge its IP: set TRUST_PROXY to the number of proxies in front of the API (1 behind one load balancer) or to their comma-separated addresses/CIDRs (e.g. 10.0.0.0/8)'

// proxy-addr's names for whole private ranges, accepted beside literal addresses
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * More hops than any real chain of proxies (CDN, balancer, ingress) has: a bigger count trusts
 * whatever the client wrote at the front of X-Forwarded-For, which is `true` by another name.
 */
export const MAX_TRUSTED_HOPS = 10

const HOPS_TOO_MANY_ERROR = (hops: number) =>
  `TRUST_PROXY=${hops} trusts more proxy hops than any real chain has (at most ${MAX_TRUSTED_HOPS}), so any client can forge its IP: set TRUST_PROXY to the number of proxies in front of the API (1 behind one load balancer) or, better, to their comma-separated addresses/CIDRs (e.g. 10.0.0.0/8)`

const CATCH_ALL_ERROR = (entry: string) =>
  `TRUST_PROXY=${entry} trusts every address on the internet as a proxy, so any client can forge its IP: set TRUST_PROXY to the addresses/CIDRs of your own proxies (e.g. 10.0.0.0/8)`

function isAddressOrCidr(value: string): boolean {
  if (NAMED_RANGES.has(value)) return true
  const [address = '', bits, ...rest] = value.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (bits === undefined) return true
  if (!/^\d{1,3}$/.test(bits)) return false
  return Number(bits) <= (version === 4 ? 32 : 128)
}

/** Parses TRUST_PROXY; returns an error sentence (what to set instead) for anything unsafe or unclear. */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; error: string } {
  const value = (raw ?? '').trim()
  if (value === '' || value.toLowerCase() === 'false') return { ok: true, value: false }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops > MAX_TRUSTED_HOPS) return { ok: false, error: HOPS_TOO_MANY_ERROR(hops) }
    return { ok: true, value: hops === 0 ? false : hops }
  }
  if (value.toLowerCase() === 'true') return { ok: false, error: TRUST_PROXY_TRUE_ERROR }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
  const bad = entries.find((entry) => !isAddressOrCidr(entry))
  if (bad !== undefined || entries.length === 0) {
    return {
      ok: false,
      error: `TRUST_PROXY="${value}" is neither a hop count nor a list of addresses/CIDRs: set it to the number of proxies in front of the API (1 behind one load balancer) or to their comma-separated addresses/CIDRs (e.g. 10.0.0.0/8)`,
    }
  }
  // a prefix of length 0, or pieces that add up to one (0.0.0.0/1,128.0.0.0/1), hold every address
  const literal = entries.filter((entry) => !NAMED_RANGES.has(entry))
  if (coversAFamily(literal)) return { ok: false, error: CATCH_ALL_ERROR(literal.join(',')) }
  return { ok: true, value: entries }
}

/**
 * What production says once at start when TRUST_PROXY is not a list of the proxies' addresses: a
 * hop count trusts whoever reaches the port, so a backend port reachable without the balancer lets
 * a client forge X-Forwarded-For; no trust at all gives every client the balancer's IP (one shared
 * rate limit for everyone).
 */
export function trustProxyWarning(value: TrustProxy): string | undefined {
  if (Array.isArray(value)) return undefined
  if (value === false) {
    return 'TRUST_PROXY is not set: behind a load balancer every client shares its IP (and its rate limits); set TRUST_PROXY to the addresses/CIDRs of your proxies (e.g. 10.0.0.0/8)'
  }
  return `TRUST_PROXY=${value} trusts a hop count, so a client that reaches this port without the balancer can forge its IP: prefer the addresses/CIDRs of your proxies (e.g. TRUST_PROXY=10.0.0.0/8)`
}

/**
 * Fastify's form of the setting. Fastify treats a number as "trust this many hops" at run time but
 * its types only take a function for that, so the hop count becomes the same function here.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value
  return (_address, hop) => hop < value
}
