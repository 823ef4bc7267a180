import { describe, expect, it, vi } from 'vitest'
import { buildApp } from '#server/app.ts'
import { reconcileCharges } from '#server/services/payments/reconcile.ts'
import { setupBtcpayApp } from '#tests/support/btcpay-app.ts'

// A webhook missed while the server was down: the next server finds the payment by itself.

const btcpay = setupBtcpayApp({ config: { RECONCILE_INTERVAL_MS: 50 } })
const { member, balanceCents, ledger, invoiceOf } = btcpay

describe('reconciliation', () => {
  it('fulfils once, without any webhook, a charge settled while the server was stopped', async () => {
    const m = await member()
    // the first server takes the order and stops
    const first = await buildApp({ config: btcpay.t.config, database: btcpay.t.database })
    await first.ready()
    const created = await first.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'topup', amount: 7 },
    })
    expect(created.statusCode).toBe(200)
    await first.close()
    const invoice = invoiceOf(created.json().charge_id)
    if (!invoice) throw new Error('no invoice at the fake')
    btcpay.fake.setStatus(invoice.id, 'Settled')

    const second = await buildApp({ config: btcpay.t.config, database: btcpay.t.database })
    await second.ready()
    try {
      await vi.waitFor(async () => expect(await balanceCents(m.id)).toBe(700), {
        timeout: 10_000,
        interval: 50,
      })
      // two servers (this file's and the restarted one) reconcile the same database: still once
      await reconcileCharges(btcpay.t.app.payments)
      expect(await balanceCents(m.id)).toBe(700)
      const rows = await ledger(m.id)
      expect(rows).toHaveLength(1)
    } finally {
      await second.close()
    }
  })

  it('also picks up a late payment of an expired charge', async () => {
    const m = await member()
    const created = await btcpay.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: m.auth,
      payload: { chargeType: 'topup', amount: 5 },
    })
    const invoice = invoiceOf(created.json().charge_id)
    if (!invoice) throw new Error('no invoice at the fake')
    btcpay.fake.setStatus(invoice.id, 'Expired', 'PaidLate', 1)
    await vi.waitFor(async () => expect(await balanceCents(m.id)).toBe(500), {
      timeout: 10_000,
      interval: 50,
    })
  })
})
