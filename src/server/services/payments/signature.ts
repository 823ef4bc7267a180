import { createHmac, timingSafeEqual } from 'node:crypto'

/** `sha256=<hex HMAC-SHA256(secret, body)>`, the format BTCPay uses in its BTCPay-Sig header. */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/** Constant-time comparison of a received signature header with the one we compute. */
export function verifySignature(secret: string, body: Buffer, received: string | undefined): boolean {
  if (!secret || !received) return false
  const expected = Buffer.from(signBody(secret, body))
  const actual = Buffer.from(received.trim().toLowerCase())
  // timingSafeEqual throws on different lengths; the length of a hex digest is no secret
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
