// An app on a real loopback port, for tests that need real sockets (concurrency over pooled
// connections, webhooks sent with fetch). Call setupListeningApp() at the top of a test file: it
// registers the file's hooks (one app and one database per file, emptied before each test).
import type { AddressInfo } from 'node:net'
import { beforeAll } from 'vitest'
import { setupTestApp, type TestApp } from './api-app.ts'
import { balanceCents, ledger } from './wallet.ts'

export interface ListeningApp {
  readonly t: TestApp
  /** `http://127.0.0.1:<port>` */
  readonly base: string
}

/** Listens on a free loopback port and answers the base URL. */
export async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`
}

export function setupListeningApp(): ListeningApp {
  const api = setupTestApp()
  let base = ''
  beforeAll(async () => {
    base = await listen(api.t)
  })
  return {
    get t() {
      return api.t
    },
    get base() {
      return base
    },
  }
}

/** POST /api/wallet/pay over HTTP, with an Idempotency-Key when one is given. */
export function payOverHttp(
  base: string,
  auth: { authorization: string },
  body: unknown,
  key?: string,
): Promise<Response> {
  return fetch(`${base}/api/wallet/pay`, {
    method: 'POST',
    headers: {
      ...auth,
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    body: JSON.stringify(body),
  })
}

/** A user's ledger rows and balance, and what the rows add up to (top-ups in, wallet payments out). */
export async function ledgerOf(t: TestApp, userId: string) {
  const rows = await ledger(t, userId)
  const credited = rows.filter((r) => r.type === 'topup').reduce((sum, r) => sum + r.amountCents, 0)
  const debited = rows.filter((r) => r.method === 'wallet').reduce((sum, r) => sum + r.amountCents, 0)
  return { rows, balance: await balanceCents(t, userId), credited, debited }
}
