// A small BTCPay Server stand-in on 127.0.0.1 (random port) speaking the Greenfield JSON the app
// uses: create/read invoice, read its payment methods, plus test controls to move an invoice through
// its statuses and to sign webhooks the way BTCPay does (BTCPay-Sig: sha256=<hex HMAC of the body>).

import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { segwitV0Address } from '#server/services/payments/addresses.ts'

export type GreenfieldStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid'

export interface FakeInvoice {
  id: string
  storeId: string
  amount: string
  currency: string
  status: GreenfieldStatus
  additionalStatus: string
  checkoutLink: string
  metadata: Record<string, unknown>
  checkout: Record<string, unknown>
  createdTime: number
  expirationTime: number
  monitoringExpiration: number
}

export interface RecordedRequest {
  method: string
  path: string
  authorization: string | undefined
  body: unknown
}

export interface FakeGreenfieldOptions {
  apiKey: string
  storeId: string
  webhookSecret: string
  /** BTCPay 1.x names methods `paymentMethod: "BTC"`; 2.x `paymentMethodId: "BTC-CHAIN"` */
  paymentMethodStyle?: 'v1' | 'v2'
}

export interface FakeGreenfield {
  url: string
  invoices: Map<string, FakeInvoice>
  requests: RecordedRequest[]
  setStatus: (invoiceId: string, status: GreenfieldStatus) => void
  /** Makes every API call answer 503, as a server being upgraded would. */
  setDown: (down: boolean) => void
  /** A webhook body and its headers, signed with `secret` (the configured one by default). */
  webhook: (
    invoiceId: string,
    type: string,
    options?: { deliveryId?: string; originalDeliveryId?: string; secret?: string },
  ) => { body: string; headers: Record<string, string>; deliveryId: string }
  close: () => Promise<void>
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  response.end(JSON.stringify(body))
}

// fixed, valid-format addresses; a real store derives a fresh one per invoice
const PROGRAM = Buffer.from('751e76e8199196d454941c45d1b3a323f1433bd6', 'hex')
export const FAKE_BTC_ADDRESS = segwitV0Address('bc', PROGRAM)
export const FAKE_LTC_ADDRESS = segwitV0Address('ltc', PROGRAM)

export async function startFakeGreenfield(options: FakeGreenfieldOptions): Promise<FakeGreenfield> {
  const invoices = new Map<string, FakeInvoice>()
  const requests: RecordedRequest[] = []
  let down = false
  let base = ''

  function paymentMethods(invoice: FakeInvoice): unknown[] {
    const cad = Number(invoice.amount)
    const entries = [
      {
        v1: 'BTC',
        v2: 'BTC-CHAIN',
        currency: 'BTC',
        rate: 130000,
        address: FAKE_BTC_ADDRESS,
        scheme: 'bitcoin',
      },
      {
        v1: 'LTC',
        v2: 'LTC-CHAIN',
        currency: 'LTC',
        rate: 120,
        address: FAKE_LTC_ADDRESS,
        scheme: 'litecoin',
      },
    ]
    const methods: unknown[] = entries.map((e) => {
      const due = (cad / e.rate).toFixed(8)
      const common = {
        destination: e.address,
        paymentLink: `${e.scheme}:${e.address}?amount=${due}`,
        rate: String(e.rate),
        paymentMethodPaid: '0',
        totalPaid: '0',
        due,
        amount: due,
        networkFee: '0',
        payments: [],
        activated: true,
        additionalData: {},
      }
      return options.paymentMethodStyle === 'v1'
        ? { paymentMethod: e.v1, cryptoCode: e.currency, ...common }
        : { paymentMethodId: e.v2, currency: e.currency, ...common }
    })
    // a Lightning method the app must skip
    methods.push(
      options.paymentMethodStyle === 'v1'
        ? {
            paymentMethod: 'BTC-LightningNetwork',
            cryptoCode: 'BTC',
            destination: 'lnbc1…',
            paymentLink: 'lightning:lnbc1…',
          }
        : {
            paymentMethodId: 'BTC-LN',
            currency: 'BTC',
            destination: 'lnbc1…',
            paymentLink: 'lightning:lnbc1…',
          },
    )
    return methods
  }

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request)
      const path = new URL(request.url ?? '/', 'http://fake').pathname
      let body: unknown = null
      try {
        body = raw ? JSON.parse(raw) : null
      } catch {
        return json(response, 400, { code: 'invalid-json', message: 'Body is not JSON' })
      }
      requests.push({
        method: request.method ?? '',
        path,
        authorization: request.headers.authorization,
        body,
      })
      if (down) return json(response, 503, { code: 'unavailable', message: 'Down for maintenance' })
      if (request.headers.authorization !== `token ${options.apiKey}`) {
        return json(response, 401, { code: 'unauthenticated', message: 'Authentication is required' })
      }
      const match = /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?(\/payment-methods)?$/.exec(path)
      if (!match || decodeURIComponent(match[1] ?? '') !== options.storeId) {
        return json(response, 404, { code: 'store-not-found', message: 'Store not found' })
      }
      const invoiceId = match[2] ? decodeURIComponent(match[2]) : undefined
      if (request.method === 'POST' && !invoiceId) {
        const input = (body ?? {}) as Record<string, unknown>
        if (typeof input.amount !== 'string' && typeof input.amount !== 'number') {
          return json(response, 422, [{ path: 'amount', message: 'Amount is required' }])
        }
        const id = randomBytes(11).toString('base64url')
        const now = Math.floor(Date.now() / 1000)
        const invoice: FakeInvoice = {
          id,
          storeId: options.storeId,
          amount: String(input.amount),
          currency: typeof input.currency === 'string' ? input.currency : 'USD',
          status: 'New',
          additionalStatus: 'None',
          checkoutLink: `${base}/i/${id}`,
          metadata: (input.metadata as Record<string, unknown>) ?? {},
          checkout: (input.checkout as Record<string, unknown>) ?? {},
          createdTime: now,
          expirationTime: now + 3600,
          monitoringExpiration: now + 7200,
        }
        invoices.set(id, invoice)
        return json(response, 200, invoice)
      }
      if (request.method === 'GET' && invoiceId) {
        const invoice = invoices.get(invoiceId)
        if (!invoice)
          return json(response, 404, { code: 'invoice-not-found', message: 'The invoice was not found' })
        return json(response, 200, match[3] ? paymentMethods(invoice) : invoice)
      }
      return json(response, 405, { code: 'method-not-allowed', message: 'Method not allowed' })
    })().catch((error: unknown) => json(response, 500, { message: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: base,
    invoices,
    requests,
    setStatus: (invoiceId, status) => {
      const invoice = invoices.get(invoiceId)
      if (!invoice) throw new Error(`no invoice ${invoiceId}`)
      invoice.status = status
    },
    setDown: (value) => {
      down = value
    },
    webhook: (invoiceId, type, webhookOptions = {}) => {
      const deliveryId = webhookOptions.deliveryId ?? randomBytes(8).toString('hex')
      const body = JSON.stringify({
        deliveryId,
        webhookId: 'fake-webhook',
        originalDeliveryId: webhookOptions.originalDeliveryId ?? deliveryId,
        isRedelivery: webhookOptions.originalDeliveryId !== undefined,
        type,
        timestamp: Math.floor(Date.now() / 1000),
        storeId: options.storeId,
        invoiceId,
        metadata: invoices.get(invoiceId)?.metadata ?? {},
      })
      const signature = createHmac('sha256', webhookOptions.secret ?? options.webhookSecret)
        .update(body)
        .digest('hex')
      return {
        body,
        deliveryId,
        headers: { 'content-type': 'application/json', 'btcpay-sig': `sha256=${signature}` },
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
