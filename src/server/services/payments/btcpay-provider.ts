import type { ChargeStatus } from '#domain/api/payments.ts'
import {
  type CreateInvoiceInput,
  headerValue,
  type PaymentProvider,
  type ProviderCharge,
  ProviderError,
  type WebhookEvent,
  type WebhookHeaders,
} from './provider.ts'
import { verifySignature } from './signature.ts'

export interface BtcpayOptions {
  url: string | undefined
  apiKey: string | undefined
  storeId: string | undefined
  webhookSecret: string | undefined
  /** where BTCPay's checkout sends the buyer back to */
  redirectUrl?: string
  timeoutMs?: number
}

export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig'

/**
 * Greenfield invoice statuses onto the app's status words (NEW … COMPLETED), whatever the provider
 * calls them (docs/decisions/004-payment-providers-exactly-once.md).
 */
export function mapBtcpayStatus(status: unknown): ChargeStatus {
  switch (typeof status === 'string' ? status.toLowerCase() : '') {
    case 'new':
      return 'NEW'
    case 'processing':
      return 'PENDING'
    case 'settled':
      return 'COMPLETED'
    case 'expired':
      return 'EXPIRED'
    case 'invalid':
      return 'INVALID'
    default:
      // an unknown status must never count as paid
      return 'PENDING'
  }
}

interface PaymentMethodInfo {
  coin: 'bitcoin' | 'litecoin'
  destination: string | null
  paymentLink: string | null
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function asString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null
}

/**
 * Reads one entry of `GET …/invoices/{id}/payment-methods`. BTCPay 1.x names the method
 * `paymentMethod: "BTC"` (Lightning `BTC-LightningNetwork`); 2.x names it
 * `paymentMethodId: "BTC-CHAIN"` (Lightning `BTC-LN`). Only on-chain BTC and LTC are shown.
 */
function readPaymentMethod(raw: unknown): PaymentMethodInfo | null {
  const entry = asRecord(raw)
  const id = (asString(entry.paymentMethodId) ?? asString(entry.paymentMethod) ?? '').toUpperCase()
  const coin =
    id === 'BTC' || id === 'BTC-CHAIN' ? 'bitcoin' : id === 'LTC' || id === 'LTC-CHAIN' ? 'litecoin' : null
  if (!coin) return null
  return { coin, destination: asString(entry.destination), paymentLink: asString(entry.paymentLink) }
}

/** BTCPay Server through its Greenfield API (self-hosted; BTC and LTC on chain). */
export class BtcpayProvider implements PaymentProvider {
  readonly name = 'btcpay' as const

  constructor(private readonly options: BtcpayOptions) {}

  async createCharge(input: CreateInvoiceInput): Promise<ProviderCharge> {
    const checkout: Record<string, unknown> = { expirationMinutes: 60 }
    if (this.options.redirectUrl) checkout.redirectURL = this.options.redirectUrl
    const invoice = asRecord(
      await this.request('POST', '/invoices', {
        amount: (input.amountCents / 100).toFixed(2),
        currency: 'CAD',
        metadata: { orderId: input.chargeId, itemDesc: input.description, chargeType: input.chargeType },
        checkout,
      }),
    )
    const invoiceId = asString(invoice.id)
    if (!invoiceId) throw new ProviderError('BTCPay answered an invoice without an id')
    return this.withPaymentMethods(invoiceId, invoice)
  }

  async getCharge(invoiceId: string): Promise<ProviderCharge> {
    const invoice = asRecord(await this.request('GET', `/invoices/${encodeURIComponent(invoiceId)}`))
    return this.withPaymentMethods(invoiceId, invoice)
  }

  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): boolean {
    return verifySignature(
      this.options.webhookSecret ?? '',
      rawBody,
      headerValue(headers, BTCPAY_SIGNATURE_HEADER),
    )
  }

  parseWebhook(rawBody: Buffer): WebhookEvent {
    const event = asRecord(JSON.parse(rawBody.toString('utf8')))
    // a redelivery gets a new deliveryId but keeps the first one in originalDeliveryId
    const deliveryId = asString(event.originalDeliveryId) ?? asString(event.deliveryId)
    const type = asString(event.type)
    if (!deliveryId || !type) throw new Error('Webhook body lacks deliveryId or type')
    const storeId = asString(event.storeId)
    // an event of another store on the same server is not ours to act on
    const ours = !storeId || storeId === this.options.storeId
    return { deliveryId, type, invoiceId: ours ? asString(event.invoiceId) : null }
  }

  private async withPaymentMethods(
    invoiceId: string,
    invoice: Record<string, unknown>,
  ): Promise<ProviderCharge> {
    const methods = await this.request('GET', `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`)
    const charge: ProviderCharge = {
      invoiceId,
      status: mapBtcpayStatus(invoice.status),
      hostedUrl: asString(invoice.checkoutLink) ?? '',
      addresses: { bitcoin: null, litecoin: null },
      uris: { bitcoin: null, litecoin: null },
    }
    for (const raw of Array.isArray(methods) ? methods : []) {
      const method = readPaymentMethod(raw)
      if (!method) continue
      charge.addresses[method.coin] = method.destination
      charge.uris[method.coin] = method.paymentLink
    }
    return charge
  }

  private async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const { url, apiKey, storeId } = this.options
    if (!url || !apiKey || !storeId) {
      throw new ProviderError('BTCPay is not configured (BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID)')
    }
    const endpoint = `${url.replace(/\/+$/, '')}/api/v1/stores/${encodeURIComponent(storeId)}${path}`
    let response: Response
    try {
      response = await fetch(endpoint, {
        method,
        headers: {
          Authorization: `token ${apiKey}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? null : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      throw new ProviderError(`BTCPay unreachable: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!response.ok) {
      throw new ProviderError(`BTCPay answered ${response.status} to ${method} ${path}`)
    }
    try {
      return (await response.json()) as unknown
    } catch {
      throw new ProviderError(`BTCPay answered ${method} ${path} with a body that is not JSON`)
    }
  }
}
