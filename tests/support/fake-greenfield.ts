// A small BTCPay Server stand-in on 127.0.0.1 (random port) speaking the Greenfield JSON the app
// uses: create/read invoice, read its payment methods, plus test controls to move an invoice through
// its statuses and to sign webhooks the way BTCPay does (BTCPay-Sig: sha256=<hex HMAC of the body>).

import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { segwitV0Address } from '#server/services/payments/addresses.ts'
import { signedWebhook } from './fake-greenfield-webhook.ts'

export type GreenfieldStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid'
export type GreenfieldAdditionalStatus =
  | 'None'
  | 'PaidLate'
  | 'PaidPartial'
  | 'PaidOver'
  | 'Marked'
  | 'Invalid'

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
  /** fraction of the amount paid so far (0..1), which sets each method's `due` */
  paidFraction: number
  /** method ids (`BTC`/`BTC-CHAIN`) activated, for a store with lazy payment methods */
  activated: Set<string>
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
  /** 'scoped' is BTCPay 1.x (store paths only); 'both' serves `/api/v1/invoices/{id}` too */
  pathStyle?: 'scoped' | 'both'
  /** the store setting: methods stay inactive (no address) until activated, unless the invoice says otherwise */
  lazyPaymentMethods?: boolean
  /** payment methods the store has not enabled: an invoice asking for one gets a 400 naming it */
  refusedMethods?: string[]
}

export interface FakeGreenfield {
  url: string
  invoices: Map<string, FakeInvoice>
  requests: RecordedRequest[]
  setStatus: (
    invoiceId: string,
    status: GreenfieldStatus,
    additionalStatus?: GreenfieldAdditionalStatus,
    paidFraction?: number,
  ) => void
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

  function isActive(invoice: FakeInvoice, id: string): boolean {
    return (
      !options.lazyPaymentMethods ||
      invoice.checkout.lazyPaymentMethods === false ||
      invoice.activated.has(id)
    )
  }

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
      const id = options.paymentMethodStyle === 'v1' ? e.v1 : e.v2
      const active = isActive(invoice, id)
      const amount = (cad / e.rate).toFixed(8)
      const paid = ((cad * invoice.paidFraction) / e.rate).toFixed(8)
      const due = Math.max(0, (cad * (1 - invoice.paidFraction)) / e.rate).toFixed(8)
      const common = {
        // an inactive method has no address yet, as BTCPay answers with lazy payment methods on
        destination: active ? e.address : '',
        paymentLink: active ? `${e.scheme}:${e.address}?amount=${due}` : '',
        rate: String(e.rate),
        paymentMethodPaid: paid,
        totalPaid: paid,
        due,
        amount,
        networkFee: '0',
        payments: [],
        activated: active,
        additionalData: {},
      }
      return options.paymentMethodStyle === 'v1'
        ? { paymentMethod: e.v1, cryptoCode: e.currency, ...common }
        : { paymentMethodId: e.v2, currency: e.currency, ...common }
    })
    // a Lightning method the app must skip
    const lightning = { destination: 'lnbc1…', paymentLink: 'lightning:lnbc1…' }
    const v1 = options.paymentMethodStyle === 'v1'
    methods.push(
      v1
        ? { paymentMethod: 'BTC-LightningNetwork', cryptoCode: 'BTC', ...lightning }
        : { paymentMethodId: 'BTC-LN', currency: 'BTC', ...lightning },
    )
    return methods
  }

  /** The invoice as Greenfield answers it: the fake's own bookkeeping stays out. */
  function serialise(invoice: FakeInvoice): unknown {
    const { paidFraction: _paid, activated: _activated, ...rest } = invoice
    return rest
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
      const scoped =
        /^\/api\/v1\/stores\/([^/]+)\/invoices(?:\/([^/]+))?(?:\/(payment-methods)(?:\/([^/]+)\/(activate))?)?$/.exec(
          path,
        )
      const unscoped =
        options.pathStyle === 'both'
          ? /^\/api\/v1\/invoices\/([^/]+)(?:\/(payment-methods))?$/.exec(path)
          : null
      if (!scoped && !unscoped) return json(response, 404, { code: 'not-found', message: 'Not found' })
      if (scoped && decodeURIComponent(scoped[1] ?? '') !== options.storeId) {
        return json(response, 404, { code: 'store-not-found', message: 'Store not found' })
      }
      const rawId = scoped ? scoped[2] : unscoped?.[1]
      const invoiceId = rawId ? decodeURIComponent(rawId) : undefined
      const methodsPath = scoped ? scoped[3] : unscoped?.[2]
      if (request.method === 'POST' && scoped && !invoiceId) {
        const input = (body ?? {}) as Record<string, unknown>
        if (typeof input.amount !== 'string' && typeof input.amount !== 'number') {
          return json(response, 422, [{ path: 'amount', message: 'Amount is required' }])
        }
        const checkout = (input.checkout as Record<string, unknown>) ?? {}
        const asked = Array.isArray(checkout.paymentMethods) ? checkout.paymentMethods : []
        const refused = asked.findIndex((m) => options.refusedMethods?.includes(String(m)))
        if (refused >= 0) {
          return json(response, 400, [
            {
              path: `checkout.paymentMethods[${refused}]`,
              message: `Invalid payment method ${String(asked[refused])}`,
            },
          ])
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
          checkout,
          paidFraction: 0,
          activated: new Set(),
          createdTime: now,
          expirationTime: now + 3600,
          monitoringExpiration: now + 7200,
        }
        invoices.set(id, invoice)
        return json(response, 200, serialise(invoice))
      }
      const invoice = invoiceId ? invoices.get(invoiceId) : undefined
      if (invoiceId && !invoice) {
        return json(response, 404, { code: 'invoice-not-found', message: 'The invoice was not found' })
      }
      if (request.method === 'POST' && invoice && scoped?.[5] === 'activate') {
        invoice.activated.add(decodeURIComponent(scoped[4] ?? ''))
        return json(response, 200, {})
      }
      if (request.method === 'GET' && invoice) {
        return json(response, 200, methodsPath ? paymentMethods(invoice) : serialise(invoice))
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
    setStatus: (invoiceId, status, additionalStatus = 'None', paidFraction) => {
      const invoice = invoices.get(invoiceId)
      if (!invoice) throw new Error(`no invoice ${invoiceId}`)
      invoice.status = status
      invoice.additionalStatus = additionalStatus
      if (paidFraction !== undefined) invoice.paidFraction = paidFraction
    },
    setDown: (value) => {
      down = value
    },
    webhook: (invoiceId, type, webhookOptions = {}) =>
      signedWebhook(
        { storeId: options.storeId, invoiceId, type, metadata: invoices.get(invoiceId)?.metadata ?? {} },
        webhookOptions.secret ?? options.webhookSecret,
        webhookOptions,
      ),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
