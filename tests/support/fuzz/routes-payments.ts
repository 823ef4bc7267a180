// FUZZ entries for money (./routes.ts assembles them): the wallet, crypto charges, the payment
// providers' signed webhooks and the sandbox payment pages.
import fc from 'fast-check'
import { dollarEdges, dollars, idEdges, listingId, webhookEdges } from './fields.ts'
import { BTCPAY_SECRET, deep, type FuzzSpec, fromPool, Huge, huge, SANDBOX_SECRET } from './values.ts'

export const PAYMENT_ROUTES: Record<string, FuzzSpec> = {
  'GET /api/wallet': { role: 'user' },
  'GET /api/wallet/': { role: 'user' },
  'POST /api/wallet/pay': {
    role: 'user',
    body: { type: fc.constantFrom('post', 'bump'), listingId },
    edges: { type: fc.constantFrom('topup', 'POST', ''), listingId: idEdges },
  },
  'POST /api/wallet/topup/initiate': {
    role: 'user',
    body: { amount: dollars },
    edges: { amount: dollarEdges },
  },
  'POST /api/wallet/topup/confirm': {
    role: 'user',
    body: { charge_id: fromPool('chargeIds') },
    edges: { charge_id: fc.oneof(idEdges, fc.constant('ch_nope')) },
  },
  'POST /api/payments/crypto/charge': {
    role: 'user',
    body: {
      amount: dollars,
      description: fc.oneof(fc.constantFrom('', 'Posting fee'), fc.string({ maxLength: 30 })),
      chargeType: fc.constantFrom('post', 'bump', 'topup'),
      listingId,
      metadata: fc.record({ draft: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }),
    },
    edges: {
      amount: dollarEdges,
      description: fc.constantFrom('x'.repeat(501), '\u0000', 'a\u0000b', '\ud800'),
      chargeType: fc.constantFrom('refund', 'POST', ''),
      listingId: idEdges,
      metadata: fc.oneof(
        fc.record({ draft: fc.oneof(huge, deep) }),
        fc.constantFrom(
          { draft: new Huge(70_000, 'x') },
          { draft: { title: '\u0000' } },
          { draft: { title: '\ud800' } },
          { draft: '\\u0000' },
          { draft: null },
          { draft: { ['__proto__']: 1 } },
        ),
      ),
    },
  },
  'GET /api/payments/crypto/charge/:chargeId/status': {
    params: { chargeId: fc.oneof(fromPool('chargeIds'), fc.constantFrom('ch_nope', 'x'.repeat(201))) },
  },
  'POST /api/payments/webhooks/btcpay': {
    signs: { header: 'btcpay-sig', secret: BTCPAY_SECRET },
    body: {
      deliveryId: fc.uuid(),
      originalDeliveryId: fc.uuid(),
      webhookId: fc.uuid(),
      type: fc.constantFrom(
        'InvoiceSettled',
        'InvoiceExpired',
        'InvoiceInvalid',
        'InvoiceProcessing',
        'Other',
      ),
      invoiceId: fromPool('invoiceIds'),
      storeId: fc.constantFrom('fuzz-store', 'other-store'),
    },
    edges: webhookEdges,
  },
  'POST /api/payments/webhooks/sandbox': {
    signs: { header: 'sandbox-sig', secret: SANDBOX_SECRET },
    body: {
      deliveryId: fc.uuid(),
      type: fc.constantFrom('InvoiceSettled', 'InvoiceExpired', 'Other'),
      invoiceId: fromPool('invoiceIds'),
      timestamp: fc.integer({ min: 0 }),
    },
    edges: webhookEdges,
  },
  'GET /api/payments/sandbox/:invoiceId': {
    page: true,
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constantFrom('sbx_nope', 'x'.repeat(201))) },
  },
  'POST /api/payments/sandbox/:invoiceId/pay': {
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constant('sbx_nope')) },
    contentTypes: ['application/x-www-form-urlencoded'],
  },
  'POST /api/payments/sandbox/:invoiceId/expire': {
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constant('sbx_nope')) },
    contentTypes: ['application/x-www-form-urlencoded'],
  },
}
