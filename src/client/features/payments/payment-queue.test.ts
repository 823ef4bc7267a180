import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { z } from 'zod'
import { resetDb } from '#client/db/database.ts'
import { addPendingPayment, listPendingPayments } from '#client/db/pending-payments-repository.ts'
import type { PostDraftSchema } from '#domain/post-draft.ts'
import { happyApi, SERVER_AD_ID, walletPaid } from '#tests/support/fake-payments-api.ts'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { chargeOrder } from './charge-order.ts'
import { OrderRefused } from './order-refused.ts'
import { payPendingOrder, resumeOnReconnect, resumePendingPayments } from './payment-queue.ts'

// fetch is the network: each test answers it and counts what the app sent
const fetchMock = installFetchMock()

function sent(path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(path))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body ?? '{}')) as unknown,
      key: ((init?.headers ?? {}) as Record<string, string>)['Idempotency-Key'],
    }))
}

// the draft as the post form saves it, before the schema's defaults are filled in
type PostDraftInput = z.input<typeof PostDraftSchema>

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
})
afterEach(async () => {
  await resetDb({ deleteData: true })
})

describe('the offline wallet queue', () => {
  it('creates the server ad once and sends one payment however many reconnect events arrive', async () => {
    fetchMock.mockImplementation(happyApi())
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
    expect(sent('/ads')).toHaveLength(1)
    expect(sent('/ads')[0]?.body).toMatchObject({ title: 'Vintage lamp', city: 'Toronto', images: [] })
    expect(sent('/wallet/pay')).toEqual([
      { body: { type: 'post', listingId: SERVER_AD_ID }, key: order.idempotencyKey },
    ])
    expect(await listPendingPayments()).toEqual([])
  })

  it('shares one attempt between concurrent calls for the same order', async () => {
    fetchMock.mockImplementation(async () => walletPaid('bump', 'srvad0000009'))
    const order = await addPendingPayment({ type: 'bump', adId: 'srvad0000009' })
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
    fetchMock.mockResolvedValueOnce(walletPaid('bump', 'srvad0000009'))
    const order = await addPendingPayment({ type: 'bump', adId: 'srvad0000009' })

    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'queued' })
    expect(await listPendingPayments()).toMatchObject([{ id: order.id, status: 'pending' }])
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'queued' })
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'paid' })

    const keys = sent('/wallet/pay').map((r) => r.key)
    expect(keys).toEqual([order.idempotencyKey, order.idempotencyKey, order.idempotencyKey])
    expect(await listPendingPayments()).toEqual([])
  })

  it('marks the order failed, not queued, when the balance is short, and never retries it', async () => {
    fetchMock.mockImplementation(
      happyApi((path) =>
        path.endsWith('/wallet/pay') ? json(402, { detail: 'Insufficient balance' }) : undefined,
      ),
    )
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
  })

  it('re-runs the moderation check on a draft written offline, and charges nothing when it fails', async () => {
    fetchMock.mockImplementation(
      happyApi((path) =>
        path.endsWith('/moderation/check')
          ? json(200, { ok: false, matches: ['bad'], fields: { title: ['bad'], description: [] } })
          : undefined,
      ),
    )
    await addPendingPayment({ type: 'post', draft: draft({ moderation: 'pending' }) })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'failed', error: { title: 'Banned words detected' } })
    expect(sent('/moderation/check')).toEqual([
      { body: { title: 'Vintage lamp', description: 'Works fine' }, key: undefined },
    ])
    expect(sent('/wallet/pay')).toEqual([])
    expect(sent('/ads')).toEqual([])
  })

  it('charges a draft written offline once the moderation check passes', async () => {
    fetchMock.mockImplementation(happyApi())
    await addPendingPayment({ type: 'post', draft: draft({ moderation: 'pending' }) })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'paid', ad: { id: SERVER_AD_ID, province: 'ON' } })
    expect(sent('/wallet/pay')).toHaveLength(1)
  })
})

describe('paying for a draft whose server ad the server refuses', () => {
  it('fails the order with the server detail and charges nothing', async () => {
    fetchMock.mockImplementation(
      happyApi((path) =>
        path.endsWith('/ads') ? json(422, { detail: 'Banned words detected: lamp' }) : undefined,
      ),
    )
    await addPendingPayment({ type: 'post', draft: draft() })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'failed', error: { detail: 'Banned words detected: lamp' } })
    expect(sent('/wallet/pay')).toEqual([])
  })

  it('pays for the same server ad when an order is retried after the ad was created', async () => {
    let pays = 0
    fetchMock.mockImplementation(
      happyApi((path) => {
        if (path.endsWith('/wallet/pay') && pays++ === 0) return json(503, { detail: 'down' })
        return undefined
      }),
    )
    await addPendingPayment({ type: 'post', draft: draft() })
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'queued' })
    expect((await resumePendingPayments(chargeOrder))[0]).toMatchObject({ status: 'paid' })
    expect(sent('/ads')).toHaveLength(1)
    expect(sent('/wallet/pay').map((r) => r.body)).toEqual([
      { type: 'post', listingId: SERVER_AD_ID },
      { type: 'post', listingId: SERVER_AD_ID },
    ])
  })
})

describe('an order saved before ads lived on the server', () => {
  it('is refused without charging when it bumps an ad only this device had', async () => {
    fetchMock.mockImplementation(happyApi())
    await addPendingPayment({ type: 'bump', adId: 'own-1234' })
    const [outcome] = await resumePendingPayments(chargeOrder)
    expect(outcome).toMatchObject({ status: 'failed', error: { title: 'No ad to bump' } })
    expect(sent('/wallet/pay')).toEqual([])
  })
})
