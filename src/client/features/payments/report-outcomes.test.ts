import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDb } from '#client/db/database.ts'
import {
  addPendingPayment,
  listPendingPayments,
  type PendingPayment,
} from '#client/db/pending-payments-repository.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { happyApi } from '#tests/support/fake-payments-api.ts'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { chargeOrder } from './charge-order.ts'
import { OrderRefused } from './order-refused.ts'
import { type OrderOutcome, resumeOnReconnect, resumePendingPayments } from './payment-queue.ts'
import {
  holdOutcomes,
  type OutcomeEffects,
  outcomesHeld,
  outcomeToast,
  reportOutcomes,
} from './report-outcomes.ts'

const fetchMock = installFetchMock()

const draft = {
  id: 'ad-7',
  title: 'Oak bookshelf',
  category: 'adult-buy-sell',
  province: 'ON',
  city: 'Toronto',
  price: 60,
  priceUnit: 'per_unit',
  description: 'Solid oak',
  contact: { phone: '', email: 'me@example.ca', website: '', handle: '' },
  moderation: 'ok',
}

function walletPays() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/wallet/pay'))
}

function shownTitles(): unknown[] {
  return toastStore.get(toastsAtom).map((t) => t.title)
}

function effects(online = true) {
  return {
    refreshWallet: vi.fn(),
    onPaid: vi.fn(),
    onRefused: vi.fn(),
    online: () => online,
  } satisfies OutcomeEffects
}

const order: PendingPayment = {
  id: 'o-1',
  type: 'post',
  draft,
  idempotencyKey: 'k-1',
  createdAt: '2026-11-21T15:00:00.000Z',
  status: 'processing',
}

beforeEach(async () => {
  await resetDb({ deleteData: true })
  toastStore.set(toastsAtom, [])
})

afterEach(async () => {
  await resetDb({ deleteData: true })
})

describe('telling the user what became of a saved wallet order', () => {
  it('says the ad is published, refreshes the wallet and lands once, however many callers report it', () => {
    const outcome: OrderOutcome = { status: 'paid', order, ad: undefined }
    const e = effects()
    reportOutcomes([outcome], e)
    reportOutcomes([outcome], e)
    reportOutcomes([outcome], effects())
    expect(shownTitles()).toEqual(['Ad published'])
    expect(e.refreshWallet).toHaveBeenCalledTimes(1)
    expect(e.onPaid).toHaveBeenCalledWith(outcome)
    expect(e.onPaid).toHaveBeenCalledTimes(1)
  })

  it('names a paid bump as bumped', () => {
    expect(outcomeToast({ status: 'paid', order: { ...order, type: 'bump' }, ad: undefined }, true)).toEqual({
      title: 'Ad bumped',
    })
  })

  it('shows a refusal with its detail, offers a top-up when the balance is short, and drops the order', async () => {
    const stored = await addPendingPayment({ type: 'post', draft })
    const e = effects()
    reportOutcomes(
      [
        {
          status: 'failed',
          order: stored,
          error: new OrderRefused('Wallet payment failed', 'Insufficient balance', 'topUp'),
        },
      ],
      e,
    )
    expect(toastStore.get(toastsAtom)).toMatchObject([
      { title: 'Wallet payment failed', description: 'Insufficient balance', variant: 'destructive' },
    ])
    // the checkout page keeps the refusal on screen, with a top-up as the next step
    expect(e.onRefused).toHaveBeenCalledTimes(1)
    expect(e.onRefused.mock.calls[0]?.[0]).toMatchObject({ next: 'topUp', insufficientBalance: true })
    expect(e.refreshWallet).not.toHaveBeenCalled()
    await vi.waitFor(async () => expect(await listPendingPayments()).toEqual([]))
  })

  it('says the order is saved when it could not be sent because the device is offline', () => {
    const outcome: OrderOutcome = { status: 'queued', order, error: new TypeError('Failed to fetch') }
    reportOutcomes([outcome], effects(false))
    expect(shownTitles()).toEqual(['Order saved for when you are back online'])
  })

  it('shows the failure detail when the server failed while online', () => {
    const outcome: OrderOutcome = { status: 'queued', order, error: new TypeError('Failed to fetch') }
    expect(outcomeToast(outcome, true)).toMatchObject({
      title: 'Wallet payment failed',
      variant: 'destructive',
    })
  })

  it('tells nothing for an order another run holds', () => {
    reportOutcomes([{ status: 'busy', order: { id: 'o-1' } }], effects())
    expect(shownTitles()).toEqual([])
  })
})

describe('the checkout page and the app-wide watcher resuming at once', () => {
  it('send one wallet request, publish the ad once and tell the user once', async () => {
    fetchMock.mockImplementation(happyApi())
    await addPendingPayment({ type: 'post', draft })
    const page = effects()
    const watcher = effects()
    const events = new EventTarget()
    // both listen for the reconnect and both resume at start, as the two components do
    const stopPage = resumeOnReconnect(chargeOrder, (o) => reportOutcomes(o, page), events)
    const stopWatcher = resumeOnReconnect(chargeOrder, (o) => reportOutcomes(o, watcher), events)
    const runs = [
      resumePendingPayments(chargeOrder).then((o) => reportOutcomes(o, page)),
      resumePendingPayments(chargeOrder).then((o) => reportOutcomes(o, watcher)),
    ]
    events.dispatchEvent(new Event('online'))
    await Promise.all(runs)
    await vi.waitFor(() => expect(page.onPaid.mock.calls.length + watcher.onPaid.mock.calls.length).toBe(1))
    events.dispatchEvent(new Event('online'))
    await resumePendingPayments(chargeOrder)
    stopPage()
    stopWatcher()
    expect(walletPays()).toHaveLength(1)
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/ads'))).toHaveLength(1)
    expect(await listPendingPayments()).toEqual([])
    expect(shownTitles()).toEqual(['Ad published'])
    expect(page.refreshWallet.mock.calls.length + watcher.refreshWallet.mock.calls.length).toBe(1)
  })

  it('leaves the outcomes to the checkout page while one is open, releasing each hold once', () => {
    expect(outcomesHeld()).toBe(false)
    const first = holdOutcomes()
    const second = holdOutcomes()
    first()
    first()
    expect(outcomesHeld()).toBe(true)
    second()
    expect(outcomesHeld()).toBe(false)
  })
})
