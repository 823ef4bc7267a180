import { describe, expect, it } from 'vitest'
import { loadConfig } from '#server/config.ts'
import { BtcpayProvider } from '#server/services/payments/btcpay-provider.ts'
import { PaymentsService } from '#server/services/payments/charges.ts'
import { STORE, setupBtcpayApp } from '#tests/support/btcpay-app.ts'
import { FAKE_BTC_ADDRESS, FAKE_LTC_ADDRESS, startFakeGreenfield } from '#tests/support/fake-greenfield.ts'

// Lazy payment methods, refused coins and both invoice path styles, against the loopback BTCPay
// stand-in.

const btcpay = setupBtcpayApp({ fake: { pathStyle: 'both', lazyPaymentMethods: true } })
const { member, charge, status } = btcpay

describe('payment methods', () => {
  it('asks for BTC and LTC, eagerly, and shows their addresses on a lazy store', async () => {
    const m = await member()
    const { body } = await charge(m, { chargeType: 'topup', amount: 5 })
    const create = btcpay.fake.requests.find((r) => r.method === 'POST')
    expect(create?.body).toMatchObject({
      checkout: { lazyPaymentMethods: false, paymentMethods: ['BTC', 'LTC'] },
    })
    expect(body.addresses).toEqual({ bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS })
  })

  it('activates a method that still has no address, and never shows an empty one', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    const invoice = btcpay.fake.invoices.get(invoiceId)
    if (!invoice) throw new Error('no invoice')
    // a BTCPay that ignored the invoice's lazyPaymentMethods: false
    invoice.checkout.lazyPaymentMethods = true
    btcpay.fake.requests.length = 0
    const shown = (await status(chargeId)).json()
    expect(shown.addresses).toEqual({ bitcoin: FAKE_BTC_ADDRESS, litecoin: FAKE_LTC_ADDRESS })
    expect(btcpay.fake.requests.filter((r) => r.path.endsWith('/activate')).map((r) => r.path)).toEqual([
      `/api/v1/stores/${STORE.storeId}/invoices/${invoiceId}/payment-methods/BTC-CHAIN/activate`,
      `/api/v1/stores/${STORE.storeId}/invoices/${invoiceId}/payment-methods/LTC-CHAIN/activate`,
    ])
    invoice.activated.clear()
    btcpay.fake.setStatus(invoiceId, 'Expired')
    const expired = (await status(chargeId)).json()
    expect(expired.addresses).toEqual({ bitcoin: null, litecoin: null })
    expect(expired.uris).toEqual({ bitcoin: null, litecoin: null })
  })

  it('reads BTCPAY_PAYMENT_METHODS as a list of upper-case names, BTC and LTC by default', () => {
    expect(loadConfig({}).BTCPAY_PAYMENT_METHODS).toEqual(['BTC', 'LTC'])
    expect(loadConfig({ BTCPAY_PAYMENT_METHODS: 'btc, ltc-chain,' }).BTCPAY_PAYMENT_METHODS).toEqual([
      'BTC',
      'LTC-CHAIN',
    ])
  })

  it('answers 502 naming the payment method the store refused', async () => {
    const refusing = await startFakeGreenfield({
      ...STORE,
      refusedMethods: ['LTC'],
    })
    try {
      const provider = new BtcpayProvider({
        ...STORE,
        url: refusing.url,
        paymentMethods: ['BTC', 'LTC'],
      })
      const m = await member()
      const service = new PaymentsService(btcpay.t.db, provider)
      const input = {
        userId: m.id,
        chargeType: 'bump',
        amountCents: 100,
        description: 'Bump',
        listingId: null,
        draft: null,
      } as const
      await expect(service.createCharge(input)).rejects.toMatchObject({
        statusCode: 502,
        message: expect.stringMatching(/refused payment method LTC.*BTCPAY_PAYMENT_METHODS/),
      })
    } finally {
      await refusing.close()
    }
  })
})

describe('invoice paths', () => {
  it('reads invoices on the unscoped path where the server offers it', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    btcpay.fake.requests.length = 0
    await status(chargeId)
    expect(btcpay.fake.requests.map((r) => r.path)).toEqual([
      `/api/v1/invoices/${invoiceId}`,
      `/api/v1/invoices/${invoiceId}/payment-methods`,
    ])
  })

  it('falls back to the store-scoped path on a server without the unscoped one, and stays there', async () => {
    const scopedOnly = await startFakeGreenfield(STORE)
    try {
      const provider = new BtcpayProvider({
        ...STORE,
        url: scopedOnly.url,
      })
      const created = await provider.createCharge({
        chargeId: 'ch_a',
        amountCents: 500,
        description: 'x',
        chargeType: 'topup',
      })
      scopedOnly.setStatus(created.invoiceId, 'Settled')
      expect((await provider.getCharge(created.invoiceId)).status).toBe('COMPLETED')
      scopedOnly.requests.length = 0
      await provider.getCharge(created.invoiceId)
      expect(scopedOnly.requests.map((r) => r.path)).toEqual([
        `/api/v1/stores/${STORE.storeId}/invoices/${created.invoiceId}`,
        `/api/v1/stores/${STORE.storeId}/invoices/${created.invoiceId}/payment-methods`,
      ])
    } finally {
      await scopedOnly.close()
    }
  })
})
