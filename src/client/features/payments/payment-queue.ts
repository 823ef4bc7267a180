// Wallet orders go through this queue, online or not: the order (type, ad, draft and ITS idempotency
// key) is stored in IndexedDB before the first request, so a retry after a lost answer, a reload or
// a reconnect always sends the same key. Three guards keep an order from being charged twice:
// - a module-level in-flight lock: repeated 'online' events and double taps in this tab share one run;
// - claimPendingPayment, an IndexedDB transaction: of two tabs, only one takes the order;
// - the idempotency key: even a request sent twice is charged once by the server.
import {
  claimPendingPayment,
  completePendingPayment,
  failPendingPayment,
  listPendingPayments,
  type PendingPayment,
  releasePendingPayment,
} from '#client/db/pending-payments-repository.ts'
import { errorDetail } from '#client/lib/http.ts'
import { isTransientFailure, type PaidAd } from './checkout-rules.ts'
import { OrderRefused } from './order-refused.ts'

export type OrderOutcome =
  | { status: 'paid'; order: PendingPayment; ad: PaidAd | undefined }
  /** not paid this time (offline, server down); still queued with its key */
  | { status: 'queued'; order: PendingPayment; error: unknown }
  /** refused for good; kept as failed so the user sees why */
  | { status: 'failed'; order: PendingPayment; error: unknown }
  /** another tab (or a run in this one) holds it, or it is gone */
  | { status: 'busy'; order: Pick<PendingPayment, 'id'> }

export interface QueueStore {
  list(): Promise<PendingPayment[]>
  claim(id: string): Promise<PendingPayment | null>
  release(id: string, error?: string): Promise<void>
  fail(id: string, error: string): Promise<void>
  complete(id: string): Promise<void>
}

export const dexieQueueStore: QueueStore = {
  list: listPendingPayments,
  claim: (id) => claimPendingPayment(id),
  release: releasePendingPayment,
  fail: failPendingPayment,
  complete: completePendingPayment,
}

/** Charges one order (the server publishes, renews or bumps the ad in the same transaction); throws on failure. */
export type ChargeOrder = (order: PendingPayment) => Promise<PaidAd | undefined>

const running = new Map<string, Promise<OrderOutcome>>()

async function attempt(id: string, charge: ChargeOrder, store: QueueStore): Promise<OrderOutcome> {
  const order = await store.claim(id)
  if (!order) return { status: 'busy', order: { id } }
  try {
    const ad = await charge(order)
    await store.complete(order.id)
    return { status: 'paid', order, ad }
  } catch (error) {
    const detail = error instanceof OrderRefused ? error.detail : errorDetail(error, String(error))
    if (!(error instanceof OrderRefused) && isTransientFailure(error)) {
      await store.release(order.id, detail)
      return { status: 'queued', order, error }
    }
    await store.fail(order.id, detail)
    return { status: 'failed', order, error }
  }
}

/** Pays one stored order now; a second call while the first runs gets the same answer. */
export function payPendingOrder(id: string, charge: ChargeOrder, store: QueueStore = dexieQueueStore) {
  const existing = running.get(id)
  if (existing) return existing
  const run = attempt(id, charge, store).finally(() => running.delete(id))
  running.set(id, run)
  return run
}

let resuming: Promise<OrderOutcome[]> | null = null

/** Pays every queued order, oldest first, one at a time; concurrent calls share the same run. */
export function resumePendingPayments(charge: ChargeOrder, store: QueueStore = dexieQueueStore) {
  resuming ??= (async () => {
    const outcomes: OrderOutcome[] = []
    for (const order of await store.list()) {
      outcomes.push(await payPendingOrder(order.id, charge, store))
    }
    return outcomes
  })().finally(() => {
    resuming = null
  })
  return resuming
}

/** Resumes the queue each time the browser says the connection is back; returns the unsubscribe. */
export function resumeOnReconnect(
  charge: ChargeOrder,
  onOutcomes: (outcomes: OrderOutcome[]) => void,
  target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const handler = () => {
    void resumePendingPayments(charge).then(onOutcomes)
  }
  target.addEventListener('online', handler)
  return () => target.removeEventListener('online', handler)
}
