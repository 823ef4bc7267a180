import { createHash } from 'node:crypto'

// Valid-format (checksummed) segwit addresses for the sandbox, derived from the charge id so the
// same charge always shows the same addresses. Nobody holds their keys: the sandbox page says so.

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

function polymod(values: number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) {
      if ((top >>> i) & 1) chk ^= GENERATOR[i] ?? 0
    }
  }
  return chk
}

function hrpExpand(hrp: string): number[] {
  const chars = [...hrp].map((c) => c.charCodeAt(0))
  return [...chars.map((c) => c >>> 5), 0, ...chars.map((c) => c & 31)]
}

function toFiveBitWords(bytes: Uint8Array): number[] {
  const words: number[] = []
  let acc = 0
  let bits = 0
  for (const byte of bytes) {
    acc = (acc << 8) | byte
    bits += 8
    while (bits >= 5) {
      bits -= 5
      words.push((acc >>> bits) & 31)
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31)
  return words
}

/** BIP173 bech32 encoding of a version-0 witness program (P2WPKH when the program is 20 bytes). */
export function segwitV0Address(hrp: string, program: Uint8Array): string {
  const data = [0, ...toFiveBitWords(program)]
  const mod = polymod([...hrpExpand(hrp), ...data, 0, 0, 0, 0, 0, 0]) ^ 1
  const checksum = Array.from({ length: 6 }, (_, i) => (mod >>> (5 * (5 - i))) & 31)
  return `${hrp}1${[...data, ...checksum].map((w) => CHARSET[w]).join('')}`
}

function programFor(coin: string, seed: string): Uint8Array {
  return createHash('sha256').update(`${coin}:${seed}`).digest().subarray(0, 20)
}

export function sandboxAddresses(seed: string): { bitcoin: string; litecoin: string } {
  return {
    bitcoin: segwitV0Address('bc', programFor('bitcoin', seed)),
    litecoin: segwitV0Address('ltc', programFor('litecoin', seed)),
  }
}

/** Illustrative CAD prices, fixed so the sandbox is deterministic (never used for real money). */
export const SANDBOX_CAD_PER_COIN = { bitcoin: 130_000, litecoin: 120 } as const

export function coinAmount(amountCents: number, cadPerCoin: number): string {
  return (amountCents / 100 / cadPerCoin).toFixed(8)
}

/** BIP21-style payment URI: `bitcoin:ADDR?amount=0.00001538&label=…`. */
export function paymentUri(scheme: 'bitcoin' | 'litecoin', address: string, amount: string, label: string) {
  return `${scheme}:${address}?amount=${amount}&label=${encodeURIComponent(label)}`
}
