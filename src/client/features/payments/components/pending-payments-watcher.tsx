// Mounted once by the root layout (lazily, after the first paint): wallet orders saved offline are
// paid when the connection returns on ANY page, not only while the checkout page is open. The user
// is told with a toast and stays where they are; the queue keeps each order to one request.
import { useQueryClient } from '@tanstack/react-query'
import { Link, useRouterState } from '@tanstack/react-router'
import { ClockIcon } from 'lucide-react'
import { useCallback, useEffect } from 'react'
import { notePendingPayments } from '#client/db/pending-payments-flag.ts'
import { usePendingPayments } from '#client/db/pending-payments-repository.ts'
import { walletKeys } from '#client/features/wallet/api/wallet-keys.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { chargeOrder } from '../charge-order.ts'
import { landingAfterPayment } from '../checkout-rules.ts'
import { OrderRefused } from '../order-refused.ts'
import { type OrderOutcome, resumeOnReconnect, resumePendingPayments } from '../payment-queue.ts'
import { type OutcomeEffects, outcomesHeld, reportOutcomes } from '../report-outcomes.ts'

const t = msgPayments.resume

const linkClass =
  'font-medium underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** The toast's extra lines: what was paid and a link to it, or where to top up. */
const describe: OutcomeEffects['describe'] = (outcome) => {
  if (outcome.status === 'paid') {
    const landing = landingAfterPayment(outcome.order.type, outcome.ad)
    return {
      description: outcome.order.type === 'post' ? t.paidPost : t.paidBump,
      action:
        landing.to === 'listing' ? (
          <Link
            to="/ca/$province/$category"
            params={{ province: landing.province, category: landing.category }}
            className={linkClass}
          >
            {t.viewAd}
          </Link>
        ) : (
          <Link to="/manage" className={linkClass}>
            {t.toManage}
          </Link>
        ),
    }
  }
  if (outcome.error instanceof OrderRefused && outcome.error.insufficientBalance) {
    return {
      action: (
        <Link to="/wallet" className={linkClass}>
          {t.topUp}
        </Link>
      ),
    }
  }
  return undefined
}

export function PendingPaymentsWatcher() {
  const queryClient = useQueryClient()
  const online = useOnline()
  const orders = usePendingPayments()
  const onCheckout = useRouterState({ select: (s) => s.location.pathname === '/checkout' })

  const report = useCallback(
    (outcomes: OrderOutcome[]) => {
      // the checkout page is open: it reports (and lands) itself
      if (outcomesHeld()) return
      reportOutcomes(outcomes, {
        refreshWallet: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        describe,
      })
    },
    [queryClient],
  )

  useEffect(() => {
    // the app opened online with orders left from an earlier visit: continue them now
    if (navigator.onLine) void resumePendingPayments(chargeOrder).then(report)
    return resumeOnReconnect(chargeOrder, report)
  }, [report])

  // nothing left to pay or to show: the next page load need not fetch this watcher at all
  useEffect(() => {
    if (orders?.length === 0) notePendingPayments(false)
  }, [orders])

  const waiting = orders?.filter((o) => o.status === 'pending' || o.status === 'processing').length ?? 0
  const message =
    !online && waiting > 0 && !onCheckout
      ? waiting === 1
        ? t.waitingOne
        : fill(t.waitingMany, { count: waiting })
      : null
  // the live region stays mounted so a screen reader hears the notice when it appears; it sits just
  // above the offline banner and never shifts the page
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-11 z-30 flex justify-center px-4"
    >
      {message && (
        <p
          data-testid="pending-payments-notice"
          className="pointer-events-auto flex items-center gap-2 rounded-full border border-border bg-background px-3 py-1.5 text-sm shadow-md"
        >
          <ClockIcon className="size-4 shrink-0" aria-hidden="true" />
          {message}
        </p>
      )}
    </div>
  )
}
