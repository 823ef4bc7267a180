import { createHmac, timingSafeEqual } from 'node:crypto'
import type { WebhookHeaders } from './provider.ts'

/** `sha256=<hex HMAC-SHA256(secret, body)>`, the format BTCPay uses in its BTCPay-Sig header. */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`
}

/**
 * Whether the signature in the webhook's `header` is the one we compute over the exact bytes
 * received, compared in constant time: BTCPay and the sandbox sign their webhooks the same way.
 */
export function verifyWebhookSignature(
  secret: string,
  body: Buffer,
  headers: WebhookHeaders,
  header: string,
): boolean {
  const value = headers[header.toLowerCase()]
  const received = Array.isArray(value) ? value[0] : value
  if (!secret || !received) return false
  const expected = Buffer.from(signBody(secret, body))
  const actual = Buffer.from(received.trim().toLowerCase())
  // timingSafeEqual throws on different lengths; the length of a hex digest is no secret
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}
