import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { listUserAds } from '#client/db/ads-repository.ts'
import { resetDb } from '#client/db/database.ts'
import { addPendingPayment, listPendingPayments } from '#client/db/pending-payments-repository.ts'
import type { PostDraftInput } from '#domain/post-draft.ts'
import { chargeOrder } from './charge-order.ts'
import { OrderRefused } from './order-refused.ts'
import { payPendingOrder, resumeOnReconnect, resumePendingPayments } from './payment-queue.ts'

// fetch is the network: each test answers it and counts what the app sent
const fetchMock = vi.fn<typeof fetch>()

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function paid(type: 'post' | 'bump', listingId: string): Response {
  return json(200, {
    ok: true,
    transaction: {
      id: 'tx-1',
      type,
      amount_cad: type === 'post' ? 2 : 1,
      method: 'wallet',
      status: 'completed',
      listing_id: listingId,
      created_at: '2026-11-21T15:00:00.000Z',
    },
    balance_cad: 8,
  })
}

function sent(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body ?? '{}')) as unknown,
      key: ((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key'],
    }))
}

function draft(extra: Partial<PostDraftInput> = {}): PostDraftInput {
  return {
    id: 'ad-42',
    title: 'Vintage lamp',
    category: 'adult-buy-sell',
    province: 'ON',
    city: 'Toronto',
    price: 40,
    priceUnit: 'per_unit',
    description: 'Works fine',
    contact: { phone: '', email: 'me@example.ca', website: '', handle: '' },
    moderation: 'ok',
    ...extra,
  }
}

beforeEach(async () => {
  await resetDb({ deleteData: true })
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(async () => {
  vi.unstubAllGlobals()
  await resetDb({ deleteData: true })
})

describe('the offline wallet queue', () => {
  it('sends one payment however many reconnect events arrive, and publishes the ad once', async () => {
    fetchMock.mockImplementation(async () => paid('post', 'ad-42'))
    const order = await addPendingPayment({ type: 'post', draft: draft() })
    const events = new EventTarget()
    const seen: string[] = []
    const stop = resumeOnReconnect(
      chargeOrder,
      (outcomes) => seen.push(...outcomes.map((o) => o.status)),
      events,
    )
    for (let i = 0; i < 5; i++) events.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(seen).toContain('paid'))
    // later events find nothing left to pay
    events.dispatchEvent(new Event('online'))
    await resumePendingPayments(chargeOrder)
    stop()
    expect(sent('/wallet/pay')).toEqual([
      { body: { type: 'post', listingId: 'ad-42' }, key: order.idempotencyKey },
    ])
    expect((await listUserAds()).map((a) => a.id)).toEqual(['ad-42'])
    expect(await listPendingPayments()).toEqual([])
  })

  it('shares one attempt between concurrent calls for the same order', async () => {
    fetchMock.mockImplementation(async () => paid('bump', 'u-1'))
    const order = await addPendingPayment({ type: 'bump', adId: 'u-1' })
    const outcomes = await Promise.all([
      payPendingOrder(order.id, chargeOrder),
      payPendingOrder(order.id, chargeOrder),
      resumePendingPayments(chargeOrder),
    ])
    expect(sent('/wallet/pay')).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ status: 'paid' })
  })

  it('keeps the order queued when the network fails, and retries it with the same key', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    fetchMock.mockResolvedValueOnce(json(503, { detail: 'Service unavailable' }))
    fetchMock.mockResolvedValueOnce(paid('bump', 'u-1'))
    const order = await addPendingPayment({ type: 'bump', adId: 'u-1' })

    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'queued' })
    expect(await listPendingPayments()).toMatchObject([{ id: order.id, status: 'pending' }])
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'queued' })
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'paid' })

    const keys = sent('/wallet/pay').map((r) => r.key)
    expect(keys).toEqual([order.idempotencyKey, order.idempotencyKey, order.idempotencyKey])
    expect(await listPendingPayments()).toEqual([])
  })

  it('marks the order failed, not queued, when the balance is short, and never retries it', async () => {
    fetchMock.mockResolvedValue(json(402, { detail: 'Insufficient balance' }))
    await addPendingPayment({ type: 'post', draft: draft() })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome?.status).toBe('failed')
    const error = outcome && 'error' in outcome ? outcome.error : undefined
    expect(error).toBeInstanceOf(OrderRefused)
    expect(error).toMatchObject({
      title: 'Wallet payment failed',
      detail: 'Insufficient balance',
      insufficientBalance: true,
    })
    await resumePendingPayments(chargeOrder)
    expect(sent('/wallet/pay')).toHaveLength(1)
    expect(await listUserAds()).toEqual([])
  })

  it('re-runs the moderation check on a draft written offline, and charges nothing when it fails', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/moderation/check')
        ? json(200, { ok: false, matches: ['bad'] })
        : paid('post', 'ad-42'),
    )
    await addPendingPayment({ type: 'post', draft: draft({ moderation: 'pending' }) })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'failed', error: { title: 'Banned words detected' } })
    expect(sent('/moderation/check')).toEqual([
      { body: { title: 'Vintage lamp', description: 'Works fine' }, key: undefined },
    ])
    expect(sent('/wallet/pay')).toEqual([])
  })

  it('charges a draft written offline once the moderation check passes', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/moderation/check')
        ? json(200, { ok: true, matches: [] })
        : paid('post', 'ad-42'),
    )
    await addPendingPayment({ type: 'post', draft: draft({ moderation: 'pending' }) })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'paid', ad: { id: 'ad-42', title: 'Vintage lamp' } })
    expect(sent('/wallet/pay')).toHaveLength(1)
  })
})
