import { describe, expect, it } from 'vitest'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { reconcileCharges } from '#server/services/payments/reconcile.ts'
import { adRow, createAd } from '#tests/support/ads.ts'
import { setupBtcpayApp } from '#tests/support/btcpay-app.ts'

// Late, partial, over- and hand-marked payments, and the admin list that flags them, against the
// loopback BTCPay stand-in.

const btcpay = setupBtcpayApp({ fake: { pathStyle: 'both', lazyPaymentMethods: true } })
const { member, charge, status, deliver, balanceCents, ledger, chargeRow } = btcpay

// what the payer reads on the wallet credit when the ad a fee was for is gone (ad-status.ts)
const GONE_REASON = 'This ad was removed and cannot be paid for'

describe('a payment that arrives after the invoice expired', () => {
  it('credits a late top-up once while webhooks, status polls and reconciliation race', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 5 })
    btcpay.fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    const service = btcpay.t.app.payments
    const results = await Promise.all([
      deliver(btcpay.fake.webhook(invoiceId, 'InvoiceExpired')),
      deliver(btcpay.fake.webhook(invoiceId, 'InvoiceReceivedPayment')),
      status(chargeId),
      status(chargeId),
      reconcileCharges(service),
      reconcileCharges(service),
    ])
    expect(results.slice(0, 4).every((r) => 'statusCode' in r && r.statusCode === 200)).toBe(true)
    expect(await balanceCents(m.id)).toBe(500)
    expect(await ledger(m.id)).toEqual([expect.objectContaining({ type: 'topup', amountCents: 500 })])
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect((await chargeRow(chargeId))?.attention).toBe('paid_late')
  })

  it('applies a late posting fee when its effect still can', async () => {
    const m = await member()
    const listingId = await createAd(btcpay.t, m)
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'post', listingId })
    btcpay.fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    expect(await ledger(m.id)).toEqual([
      expect.objectContaining({ type: 'post', method: 'crypto', listingId }),
    ])
    expect(await balanceCents(m.id)).toBe(0)
    expect((await adRow(btcpay.t, listingId))?.status).toBe('live')
  })

  it('credits a late fee whose ad is gone to the payer, with the reason on the wallet', async () => {
    const m = await member()
    const listingId = await createAd(btcpay.t, m)
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'post', listingId })
    // the owner deletes the ad while the payment is on its way
    const removed = await btcpay.t.app.inject({
      method: 'DELETE',
      url: `/api/ads/${listingId}`,
      headers: m.auth,
    })
    expect(removed.statusCode).toBe(204)
    btcpay.fake.setStatus(invoiceId, 'Expired', 'PaidLate', 1)
    await deliver(btcpay.fake.webhook(invoiceId, 'InvoiceExpired'))
    await deliver(btcpay.fake.webhook(invoiceId, 'InvoicePaymentSettled'))
    expect((await status(chargeId)).json().status).toBe('COMPLETED')
    const rows = await ledger(m.id)
    expect(rows).toEqual([expect.objectContaining({ type: 'credit', method: 'crypto', note: GONE_REASON })])
    expect((await adRow(btcpay.t, listingId))?.status).toBe('removed')
    const wallet = await btcpay.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    expect(wallet.json().balance_cad).toBe(rows[0]?.amountCents ? rows[0].amountCents / 100 : -1)
    expect(wallet.json().transactions).toEqual([
      expect.objectContaining({ type: 'credit', note: GONE_REASON, listing_id: listingId }),
    ])
  })
})

describe('partial, over-, hand-marked and invalid payments', () => {
  it('reports a partial payment and what is still due, and fulfils nothing', async () => {
    const m = await member()
    const { chargeId, invoiceId } = await charge(m, { chargeType: 'topup', amount: 10 })
    btcpay.fake.setStatus(invoiceId, 'New', 'PaidPartial', 0.25)
    expect((await status(chargeId)).json()).toMatchObject({
      status: 'NEW',
      partially_paid: true,
      amount_due_cad: 7.5,
    })
    btcpay.fake.setStatus(invoiceId, 'Expired', 'PaidPartial', 0.25)
    expect((await status(chargeId)).json().status).toBe('EXPIRED')
    expect(await balanceCents(m.id)).toBe(0)
    expect((await chargeRow(chargeId))?.attention).toBe('partial')
  })

  it('fulfils an overpaid or hand-marked settled invoice once and flags it', async () => {
    const m = await member()
    const over = await charge(m, { chargeType: 'topup', amount: 5 })
    const marked = await charge(m, { chargeType: 'topup', amount: 6 })
    btcpay.fake.setStatus(over.invoiceId, 'Settled', 'PaidOver', 1.2)
    btcpay.fake.setStatus(marked.invoiceId, 'Settled', 'Marked')
    await status(over.chargeId)
    await status(marked.chargeId)
    await status(over.chargeId)
    expect(await balanceCents(m.id)).toBe(1100)
    expect((await chargeRow(over.chargeId))?.attention).toBe('paid_over')
    expect((await chargeRow(marked.chargeId))?.attention).toBe('marked')
  })

  it('never fulfils an invalid invoice, marked by hand or not', async () => {
    const m = await member()
    const plain = await charge(m, { chargeType: 'topup', amount: 5 })
    const marked = await charge(m, { chargeType: 'topup', amount: 5 })
    btcpay.fake.setStatus(plain.invoiceId, 'Invalid', 'Invalid')
    btcpay.fake.setStatus(marked.invoiceId, 'Invalid', 'Marked')
    expect((await status(plain.chargeId)).json().status).toBe('INVALID')
    expect((await status(marked.chargeId)).json().status).toBe('INVALID')
    expect(await balanceCents(m.id)).toBe(0)
    expect((await chargeRow(plain.chargeId))?.attention).toBe('invalid')
  })
})

describe('the admin list of charges that need a look', () => {
  it('lists partial, invalid and late charges with their provider ids, and refuses non-admins', async () => {
    const m = await member()
    const late = await charge(m, { chargeType: 'topup', amount: 5 })
    const partial = await charge(m, { chargeType: 'topup', amount: 5 })
    const invalid = await charge(m, { chargeType: 'post', listingId: await createAd(btcpay.t, m) })
    const fine = await charge(m, { chargeType: 'topup', amount: 5 })
    btcpay.fake.setStatus(late.invoiceId, 'Expired', 'PaidLate', 1)
    btcpay.fake.setStatus(partial.invoiceId, 'New', 'PaidPartial', 0.5)
    btcpay.fake.setStatus(invalid.invoiceId, 'Invalid')
    btcpay.fake.setStatus(fine.invoiceId, 'Settled')
    for (const c of [late, partial, invalid, fine]) await status(c.chargeId)
    const token = await createAdminSession(btcpay.t.db, 'admin')
    const res = await btcpay.t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/attention',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(res.statusCode).toBe(200)
    const listed = res.json().charges as { charge_id: string }[]
    expect(listed).toHaveLength(3)
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          charge_id: late.chargeId,
          provider_invoice_id: late.invoiceId,
          attention: 'paid_late',
          fulfilled: true,
        }),
        expect.objectContaining({
          charge_id: partial.chargeId,
          provider_invoice_id: partial.invoiceId,
          attention: 'partial',
          fulfilled: false,
        }),
        expect.objectContaining({ charge_id: invalid.chargeId, provider: 'btcpay', attention: 'invalid' }),
      ]),
    )
    const member403 = await btcpay.t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/attention',
      headers: m.auth,
    })
    expect(member403.statusCode).toBe(403)
    expect(member403.json().detail).toEqual(expect.any(String))
  })
})
