import { createHmac, randomBytes } from 'node:crypto'

// A webhook body as BTCPay sends it, signed the way BTCPay signs it
// (BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>).

export interface SignedWebhook {
  body: string
  headers: Record<string, string>
  deliveryId: string
}

export function signedWebhook(
  event: { storeId: string; invoiceId: string; type: string; metadata: Record<string, unknown> },
  secret: string,
  options: { deliveryId?: string; originalDeliveryId?: string } = {},
): SignedWebhook {
  const deliveryId = options.deliveryId ?? randomBytes(8).toString('hex')
  const body = JSON.stringify({
    deliveryId,
    webhookId: 'fake-webhook',
    originalDeliveryId: options.originalDeliveryId ?? deliveryId,
    isRedelivery: options.originalDeliveryId !== undefined,
    type: event.type,
    timestamp: Math.floor(Date.now() / 1000),
    storeId: event.storeId,
    invoiceId: event.invoiceId,
    metadata: event.metadata,
  })
  const signature = createHmac('sha256', secret).update(body).digest('hex')
  return {
    body,
    deliveryId,
    headers: { 'content-type': 'application/json', 'btcpay-sig': `sha256=${signature}` },
  }
}
