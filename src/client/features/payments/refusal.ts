// A payment attempt's failure as the checkout page keeps it on screen: a title, the reason in words
// and what the user can do next (order-refused.ts).
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { errorDetail } from '#client/lib/http.ts'
import { isTransientFailure, needsVerification } from './checkout-rules.ts'
import { OrderRefused, type RefusalNext } from './order-refused.ts'

export interface Refusal {
  title: string
  detail: string
  next: RefusalNext
}

/** Any failure of a payment attempt as a refusal to show; `title` names the step that failed. */
export function refusalOf(error: unknown, title: string): Refusal {
  if (error instanceof OrderRefused) return { title: error.title, detail: error.detail, next: error.next }
  const detail = errorDetail(error, isTransientFailure(error) ? msgPayments.pay.notConfirmedFallback : '')
  return { title, detail, next: needsVerification(error) ? 'verify' : 'retry' }
}
