// How the user hears what became of a wallet order, wherever it was paid: on the checkout page (a tap,
// a reconnect) or by the app-wide watcher after a reconnect on any other page. One function for both,
// so a resumed order reads the same everywhere.
import type { ReactNode } from 'react'
import { removePendingPayment } from '#client/db/pending-payments-repository.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { errorDetail } from '#client/lib/http.ts'
import { type ToastInput, toast } from '#client/lib/toasts/toast-store.ts'
import { OrderRefused } from './order-refused.ts'
import type { OrderOutcome } from './payment-queue.ts'

const t = msgPayments.checkout

type Reported = Exclude<OrderOutcome, { status: 'busy' }>

export interface OutcomeEffects {
  /** the wallet changed on the server: refetch its balance and transactions */
  refreshWallet(): void
  /** after the paid toast: the checkout page lands on the ad's listing; elsewhere nothing moves */
  onPaid?(outcome: Extract<OrderOutcome, { status: 'paid' }>): void
  /** refused for good (the balance was short, the server would not take the ad…): the checkout page keeps it on screen */
  onRefused?(error: unknown): void
  /** extra lines of the toast (a link to the ad, a top-up link) for a caller that stays put */
  describe?(outcome: Reported): Pick<ToastInput, 'description' | 'action'> | undefined
  /** whether the device is online now (navigator.onLine); a parameter so tests can say */
  online?(): boolean
}

// A shared run hands the SAME outcome object to every caller (a tap and a reconnect, the checkout
// page and the app-wide watcher): each is told once, whoever gets it first.
const told = new WeakSet<object>()

/** The toast for one outcome (undefined for 'busy': another run reports it). */
export function outcomeToast(outcome: OrderOutcome, online: boolean): ToastInput | undefined {
  if (outcome.status === 'busy') return undefined
  if (outcome.status === 'paid') {
    return { title: outcome.order.type === 'post' ? t.publishedTitle : t.bumpedTitle }
  }
  const { error } = outcome
  if (outcome.status === 'queued' && !online) return { title: t.queuedTitle }
  if (error instanceof OrderRefused) {
    return { title: error.title, description: error.detail, variant: 'destructive' }
  }
  return {
    title: t.walletFailedTitle,
    description: errorDetail(error, String(error)),
    variant: 'destructive',
  }
}

/** Tells the user what became of each order (once per outcome) and applies what follows from it. */
export function reportOutcomes(outcomes: readonly OrderOutcome[], effects: OutcomeEffects): void {
  const online = effects.online?.() ?? navigator.onLine
  for (const outcome of outcomes) {
    if (outcome.status === 'busy' || told.has(outcome)) continue
    told.add(outcome)
    const base = outcomeToast(outcome, online)
    if (!base) continue
    const extra = effects.describe?.(outcome)
    const description: ReactNode = extra?.description ?? base.description
    toast({
      ...base,
      ...(description !== undefined ? { description } : {}),
      ...(extra?.action !== undefined ? { action: extra.action } : {}),
    })
    if (outcome.status === 'paid') {
      effects.refreshWallet()
      effects.onPaid?.(outcome)
    } else if (outcome.status === 'failed') {
      effects.onRefused?.(outcome.error)
      // the user has been told; a new tap starts a new order with a new key
      void removePendingPayment(outcome.order.id)
    }
  }
}

// While the checkout page is open it reports (and lands) itself; the app-wide watcher stays quiet so
// the page still gets the outcome it is waiting for.
let checkoutOpen = 0

/** The checkout page is showing: outcomes are its to report. Returns the release. */
export function holdOutcomes(): () => void {
  checkoutOpen++
  let released = false
  return () => {
    if (released) return
    released = true
    checkoutOpen--
  }
}

export function outcomesHeld(): boolean {
  return checkoutOpen > 0
}
