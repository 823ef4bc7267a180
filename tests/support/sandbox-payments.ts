// Calls the payments API tests make against the sandbox provider (the default in tests): creating a
// charge, reading its status, and a signed sandbox webhook. Each takes the file's TestApp.
import { randomUUID } from 'node:crypto'
import { signBody } from '#server/services/payments/signature.ts'
import type { TestApp } from './api-app.ts'

const BECH32 = '[02-9ac-hj-np-z]'
export const BTC_ADDRESS = new RegExp(`^bc1q${BECH32}{38}$`)
export const LTC_ADDRESS = new RegExp(`^ltc1q${BECH32}{38}$`)

export function createCharge(
  t: TestApp,
  m: { auth: { authorization: string } },
  payload: Record<string, unknown>,
) {
  return t.app.inject({ method: 'POST', url: '/api/payments/crypto/charge', headers: m.auth, payload })
}

export function chargeStatus(t: TestApp, chargeId: string) {
  return t.app.inject({ method: 'GET', url: `/api/payments/crypto/charge/${chargeId}/status` })
}

/** The sandbox's hosted page path, from the charge's hosted_url. */
export function invoicePath(hostedUrl: string): string {
  return new URL(hostedUrl).pathname
}

/** An InvoiceSettled webhook request for app.inject, signed with `secret` (the configured one by default). */
export function sandboxWebhook(
  t: TestApp,
  invoiceId: string,
  deliveryId: string = randomUUID(),
  secret = t.config.SANDBOX_WEBHOOK_SECRET,
) {
  const body = JSON.stringify({ deliveryId, type: 'InvoiceSettled', invoiceId })
  return {
    method: 'POST' as const,
    url: '/api/payments/webhooks/sandbox',
    headers: { 'content-type': 'application/json', 'sandbox-sig': signBody(secret, body) },
    payload: body,
  }
}
