import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDb } from './database.ts'
import {
  addPendingPayment,
  claimPendingPayment,
  completePendingPayment,
  failPendingPayment,
  listPendingPayments,
  releasePendingPayment,
  STALE_CLAIM_MS,
} from './pending-payments-repository.ts'

beforeEach(async () => {
  await resetDb({ deleteData: true })
  localStorage.clear()
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await resetDb({ deleteData: true })
})

function suite() {
  it('keeps an offline order with its own idempotency key until it is paid', async () => {
    const order = await addPendingPayment({ type: 'post', draft: { title: 'Lamp' } })
    expect(order).toMatchObject({ type: 'post', status: 'pending', draft: { title: 'Lamp' } })
    expect(order.idempotencyKey).toMatch(/[0-9a-f-]{36}/)
    expect(await listPendingPayments()).toEqual([order])
    await completePendingPayment(order.id)
    expect(await listPendingPayments()).toEqual([])
  })

  it('lets only one of many simultaneous claims win (repeated online events pay once)', async () => {
    const order = await addPendingPayment({ type: 'bump', adId: 'u-1' })
    const claims = await Promise.all(Array.from({ length: 5 }, () => claimPendingPayment(order.id)))
    const winners = claims.filter((c) => c !== null)
    expect(winners).toHaveLength(1)
    expect(winners[0]).toMatchObject({ status: 'processing', idempotencyKey: order.idempotencyKey })
    await expect(claimPendingPayment(order.id)).resolves.toBeNull()
  })

  it('makes a released order claimable again, with the same idempotency key', async () => {
    const order = await addPendingPayment({ type: 'post' })
    await claimPendingPayment(order.id)
    await releasePendingPayment(order.id, 'offline')
    const again = await claimPendingPayment(order.id)
    expect(again).toMatchObject({ status: 'processing', idempotencyKey: order.idempotencyKey })
  })

  it('retries an order left processing by a tab that went away, but only after a while', async () => {
    const order = await addPendingPayment({ type: 'post' })
    const t0 = new Date('2026-11-21T10:00:00.000Z')
    await claimPendingPayment(order.id, t0)
    await expect(claimPendingPayment(order.id, new Date(t0.getTime() + 1000))).resolves.toBeNull()
    await expect(
      claimPendingPayment(order.id, new Date(t0.getTime() + STALE_CLAIM_MS)),
    ).resolves.not.toBeNull()
  })

  it('never claims a failed order, and leaves it out of the list to pay', async () => {
    const order = await addPendingPayment({ type: 'post' })
    await failPendingPayment(order.id, 'Insufficient balance')
    await expect(claimPendingPayment(order.id)).resolves.toBeNull()
    expect(await listPendingPayments()).toEqual([])
  })
}

describe('pending payments in IndexedDB', () => suite())

describe('pending payments without IndexedDB', () => {
  beforeEach(async () => {
    await resetDb()
    vi.stubGlobal('indexedDB', undefined)
  })
  suite()

  it('reads a corrupt fallback list as empty', async () => {
    localStorage.setItem('pending_payments', '[{"id": 1}, "x"')
    expect(await listPendingPayments()).toEqual([])
    localStorage.setItem('pending_payments', JSON.stringify([{ id: 'x' }, 42]))
    expect(await listPendingPayments()).toEqual([])
  })
})
