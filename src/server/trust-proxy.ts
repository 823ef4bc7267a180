import { isIP } from 'node:net'

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
  return { ok: true, value: entries }
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
