import type { ChargeStatus } from '#domain/api/payments.ts'
import { GreenfieldClient, GreenfieldRefusal } from './greenfield-client.ts'
import {
  type ChargeAttention,
  type CreateInvoiceInput,
  type PaymentProvider,
  type ProviderCharge,
  ProviderError,
  type WebhookEvent,
  type WebhookHeaders,
} from './provider.ts'
import { verifyWebhookSignature } from './signature.ts'

export interface BtcpayOptions {
  url: string | undefined
  apiKey: string | undefined
  storeId: string | undefined
  webhookSecret: string | undefined
  /** sent as checkout.paymentMethods; short names (BTC, LTC) work on BTCPay 1.x and 2.x alike */
  paymentMethods?: readonly string[]
  /** where BTCPay's checkout sends the buyer back to */
  redirectUrl?: string
  timeoutMs?: number
}

export const BTCPAY_SIGNATURE_HEADER = 'btcpay-sig'
export const DEFAULT_PAYMENT_METHODS = ['BTC', 'LTC'] as const

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
  /** the name BTCPay gave it (`BTC` or `BTC-CHAIN`), needed to activate it */
  id: string
  coin: 'bitcoin' | 'litecoin'
  destination: string | null
  paymentLink: string | null
  /** what is still due, in cents, from the method's own `due` and `rate` */
  dueCents: number | null
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function asString(value: unknown): string | null {
  return typeof value === 'string' && value.length > 0 ? value : null
}

function dueCentsOf(entry: Record<string, unknown>): number | null {
  const due = Number(entry.due)
  const rate = Number(entry.rate)
  return Number.isFinite(due) && Number.isFinite(rate) && due >= 0 && rate > 0
    ? Math.round(due * rate * 100)
    : null
}

/**
 * Reads one entry of `GET …/invoices/{id}/payment-methods`. BTCPay 1.x names the method
 * `paymentMethod: "BTC"` (Lightning `BTC-LightningNetwork`); 2.x names it
 * `paymentMethodId: "BTC-CHAIN"` (Lightning `BTC-LN`). Only on-chain BTC and LTC are shown.
 */
function readPaymentMethod(raw: unknown): PaymentMethodInfo | null {
  const entry = asRecord(raw)
  const id = asString(entry.paymentMethodId) ?? asString(entry.paymentMethod) ?? ''
  const upper = id.toUpperCase()
  const coin =
    upper === 'BTC' || upper === 'BTC-CHAIN'
      ? 'bitcoin'
      : upper === 'LTC' || upper === 'LTC-CHAIN'
        ? 'litecoin'
        : null
  if (!coin) return null
  const destination = asString(entry.destination)
  return {
    id,
    coin,
    destination,
    // a link without an address to pay would be a QR code of nothing
    paymentLink: destination ? asString(entry.paymentLink) : null,
    dueCents: dueCentsOf(entry),
  }
}

function readMethods(raw: unknown): PaymentMethodInfo[] {
  return (Array.isArray(raw) ? raw : []).flatMap((entry) => readPaymentMethod(entry) ?? [])
}

/** `additionalStatus` says what `status` hides: a late, partial, over- or hand-marked payment. */
function attentionOf(status: ChargeStatus, additional: string): ChargeAttention | null {
  switch (additional) {
    case 'paidlate':
      return 'paid_late'
    case 'paidpartial':
      return 'partial'
    case 'paidover':
      return 'paid_over'
    case 'marked':
      return 'marked'
    case 'invalid':
      return 'invalid'
    default:
      return status === 'INVALID' ? 'invalid' : null
  }
}

/** The method BTCPay's validation answer names, of those we asked for. */
function refusedMethod(body: unknown, asked: readonly string[]): string | null {
  const issues = Array.isArray(body) ? body : [body]
  for (const issue of issues) {
    const { path, message } = asRecord(issue)
    const text = `${typeof path === 'string' ? path : ''} ${typeof message === 'string' ? message : ''}`
    const index = /paymentMethods\[(\d+)\]/i.exec(text)?.[1]
    if (index !== undefined && asked[Number(index)]) return asked[Number(index)] ?? null
    const named = asked.find((method) => new RegExp(`\\b${method}\\b`, 'i').test(text))
    if (named) return named
  }
  return null
}

/** BTCPay Server through its Greenfield API (self-hosted; BTC and LTC on chain). */
export class BtcpayProvider implements PaymentProvider {
  readonly name = 'btcpay' as const
  private readonly client: GreenfieldClient
  private readonly paymentMethods: readonly string[]

  constructor(private readonly options: BtcpayOptions) {
    this.client = new GreenfieldClient(options)
    this.paymentMethods = options.paymentMethods ?? DEFAULT_PAYMENT_METHODS
  }

  async createCharge(input: CreateInvoiceInput): Promise<ProviderCharge> {
    const checkout: Record<string, unknown> = {
      expirationMinutes: 60,
      // a store with lazy payment methods leaves addresses empty until a method is picked
      lazyPaymentMethods: false,
      paymentMethods: this.paymentMethods,
    }
    if (this.options.redirectUrl) checkout.redirectURL = this.options.redirectUrl
    let created: unknown
    try {
      created = await this.client.storePost('/invoices', {
        amount: (input.amountCents / 100).toFixed(2),
        currency: 'CAD',
        metadata: { orderId: input.chargeId, itemDesc: input.description, chargeType: input.chargeType },
        checkout,
      })
    } catch (error) {
      const method =
        error instanceof GreenfieldRefusal ? refusedMethod(error.body, this.paymentMethods) : null
      if (method && error instanceof ProviderError) {
        error.detail =
          `The BTCPay store refused payment method ${method}: enable it in the store's wallet ` +
          'settings or remove it from BTCPAY_PAYMENT_METHODS'
      }
      throw error
    }
    const invoice = asRecord(created)
    const invoiceId = asString(invoice.id)
    if (!invoiceId) throw new ProviderError('BTCPay answered an invoice without an id')
    return this.withPaymentMethods(invoiceId, invoice)
  }

  async getCharge(invoiceId: string): Promise<ProviderCharge> {
    const invoice = asRecord(await this.client.readInvoicePath(`/invoices/${encodeURIComponent(invoiceId)}`))
    const storeId = asString(invoice.storeId)
    // the unscoped path serves any store the key can see: another store's invoice is not ours
    if (storeId && storeId !== this.options.storeId) {
      throw new ProviderError(`BTCPay invoice ${invoiceId} belongs to another store`)
    }
    return this.withPaymentMethods(invoiceId, invoice)
  }

  verifyWebhook(rawBody: Buffer, headers: WebhookHeaders): boolean {
    return verifyWebhookSignature(this.options.webhookSecret ?? '', rawBody, headers, BTCPAY_SIGNATURE_HEADER)
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
    const methodsPath = `/invoices/${encodeURIComponent(invoiceId)}/payment-methods`
    const status = mapBtcpayStatus(invoice.status)
    let methods = readMethods(await this.client.readInvoicePath(methodsPath))
    const inactive = methods.filter((method) => !method.destination)
    if (inactive.length > 0 && (status === 'NEW' || status === 'PENDING')) {
      for (const method of inactive) {
        await this.client.storePost(`${methodsPath}/${encodeURIComponent(method.id)}/activate`, {})
      }
      methods = readMethods(await this.client.readInvoicePath(methodsPath))
    }
    const additional = (asString(invoice.additionalStatus) ?? '').toLowerCase()
    const attention = attentionOf(status, additional)
    const dueCents = methods.find((method) => method.dueCents !== null)?.dueCents ?? null
    const charge: ProviderCharge = {
      invoiceId,
      status,
      hostedUrl: asString(invoice.checkoutLink) ?? '',
      addresses: { bitcoin: null, litecoin: null },
      uris: { bitcoin: null, litecoin: null },
      paidLate: status === 'EXPIRED' && attention === 'paid_late',
      partial: attention === 'partial' && dueCents !== null && dueCents > 0 ? { dueCents } : null,
      attention,
    }
    for (const method of methods) {
      charge.addresses[method.coin] = method.destination
      charge.uris[method.coin] = method.paymentLink
    }
    return charge
  }
}
