// The app with BTCPay as its payment provider, talking to a fake Greenfield server on loopback: the
// real Greenfield client and the real signature check. Call setupBtcpayApp() at the top of a test file:
// it registers the file's hooks (one fake, one app and one database per file, reset before each test).
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { CreateChargeResponse } from '#domain/api/payments.ts'
import type { Config } from '#server/config.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import type { walletTransactions } from '#server/db/schema/wallet.ts'
import { member as signedInMember } from './ads.ts'
import { setupTestApp, type TestApp } from './api-app.ts'
import { type FakeGreenfield, type FakeGreenfieldOptions, startFakeGreenfield } from './fake-greenfield.ts'
import { balanceCents, ledger } from './wallet.ts'

/** The store the app is configured for; a second fake for one test takes the same. */
export const STORE = {
  apiKey: 'test-api-key',
  storeId: 'Store1234',
  webhookSecret: 'webhook-secret-for-tests',
}

type Webhook = { body: string; headers: Record<string, string> }
type Auth = { auth: { authorization: string } }

export interface BtcpayApp {
  readonly t: TestApp
  readonly fake: FakeGreenfield
  member: () => ReturnType<typeof signedInMember>
  /** POST /api/payments/crypto/charge, expecting 200; with the fake's invoice for it. */
  charge: (
    m: Auth,
    payload: Record<string, unknown>,
  ) => Promise<{ chargeId: string; invoiceId: string; body: CreateChargeResponse }>
  /** The fake's invoice whose metadata carries this charge id. */
  invoiceOf: (chargeId: string) => ReturnType<FakeGreenfield['invoices']['get']>
  status: (chargeId: string) => Promise<LightMyRequestResponse>
  /** POSTs a webhook body with its headers to the BTCPay webhook route. */
  deliver: (hook: Webhook) => Promise<LightMyRequestResponse>
  balanceCents: (userId: string) => Promise<number>
  ledger: (userId: string) => Promise<(typeof walletTransactions.$inferSelect)[]>
  chargeRow: (chargeId: string) => Promise<typeof cryptoCharges.$inferSelect | undefined>
}

export function setupBtcpayApp(
  options: { fake?: Partial<Omit<FakeGreenfieldOptions, keyof typeof STORE>>; config?: Partial<Config> } = {},
): BtcpayApp {
  let fake: FakeGreenfield | undefined
  const currentFake = (): FakeGreenfield => {
    if (!fake) throw new Error('the fake is started in beforeAll: use it inside a test or a hook')
    return fake
  }
  beforeAll(async () => {
    fake = await startFakeGreenfield({ ...STORE, ...options.fake })
  })
  afterAll(() => fake?.close())
  const api = setupTestApp(() => ({
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: currentFake().url,
    BTCPAY_API_KEY: STORE.apiKey,
    BTCPAY_STORE_ID: STORE.storeId,
    BTCPAY_WEBHOOK_SECRET: STORE.webhookSecret,
    ...options.config,
  }))
  beforeEach(() => {
    currentFake().setDown(false)
    currentFake().requests.length = 0
  })
  const current = () => ({ t: api.t, fake: currentFake() })

  const invoiceOf = (chargeId: string) =>
    [...current().fake.invoices.values()].find((i) => i.metadata.orderId === chargeId)

  return {
    get t() {
      return current().t
    },
    get fake() {
      return current().fake
    },
    member: () => signedInMember(current().t),
    charge: async (m, payload) => {
      const res = await current().t.app.inject({
        method: 'POST',
        url: '/api/payments/crypto/charge',
        headers: m.auth,
        payload,
      })
      expect(res.statusCode).toBe(200)
      const body = res.json<CreateChargeResponse>()
      const invoice = invoiceOf(body.charge_id)
      if (!invoice) throw new Error('no invoice at the fake')
      return { chargeId: body.charge_id, invoiceId: invoice.id, body }
    },
    invoiceOf,
    status: (chargeId) =>
      current().t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` }),
    deliver: (hook) =>
      current().t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/btcpay',
        headers: hook.headers,
        payload: hook.body,
      }),
    balanceCents: (userId) => balanceCents(current().t, userId),
    ledger: (userId) => ledger(current().t, userId),
    chargeRow: async (chargeId) => {
      const [row] = await current().t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
      return row
    },
  }
}
