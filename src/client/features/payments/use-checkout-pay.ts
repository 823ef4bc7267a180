// The checkout page's two ways to pay, and what it keeps of their outcome: a wallet order goes through
// the queue (payment-queue.ts), crypto starts a charge and opens /pay/{id}. A refusal of either stays
// on the page (checkout-refusal.tsx) until the next try; the spec's toasts still tell it briefly.
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import {
  addPendingPayment,
  listPendingPayments,
  type PendingPayment,
  removePendingPayment,
} from '#client/db/pending-payments-repository.ts'
import { walletKeys } from '#client/features/wallet/api/wallet-keys.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { PostDraft } from '#domain/post-draft.ts'
import { useCreateCharge } from './api/create-charge.ts'
import { chargeOrder, checkOfflineDraft, serverAdOf } from './charge-order.ts'
import type { CheckoutType } from './checkout-rules.ts'
import {
  type OrderOutcome,
  payPendingOrder,
  resumeOnReconnect,
  resumePendingPayments,
} from './payment-queue.ts'
import { type Refusal, refusalOf } from './refusal.ts'
import { holdOutcomes, reportOutcomes } from './report-outcomes.ts'
import { useLandAfterPayment } from './use-land-after-payment.ts'

const t = msgPayments.checkout

/** The ad an order pays for: a server ad's id (a bump, a renewal), or else the draft's own id. */
export function orderTarget(order: Pick<PendingPayment, 'type' | 'adId' | 'draft'>): string | undefined {
  if (order.adId) return order.adId
  const draft = order.draft as { id?: unknown } | undefined
  return typeof draft?.id === 'string' ? draft.id : undefined
}

export interface CheckoutOrder {
  type: CheckoutType
  adId: string | undefined
  draft: PostDraft | null
  /** the order already stored for this ad, if any */
  myOrder: PendingPayment | undefined
}

export function useCheckoutPay({ type, adId, draft, myOrder }: CheckoutOrder) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const land = useLandAfterPayment()
  const createCharge = useCreateCharge()
  const [busy, setBusy] = useState<'wallet' | 'crypto' | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const target = adId ?? draft?.id

  // outcomes are told once by the shared reporter; here a paid order also lands on its listing
  const report = useCallback(
    (outcomes: OrderOutcome[]) =>
      reportOutcomes(outcomes, {
        refreshWallet: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        onPaid: (outcome) => land(outcome.order.type, outcome.ad),
        onRefused: (error) => setRefusal(refusalOf(error, t.walletFailedTitle)),
      }),
    [land, queryClient],
  )

  // while this page is open it reports the outcomes itself (the app-wide watcher stays quiet)
  useEffect(() => holdOutcomes(), [])

  // the connection came back: pay what was queued (the queue keeps it to one request per order)
  useEffect(() => resumeOnReconnect(chargeOrder, report), [report])

  // opened (or reloaded) online with an order still queued: continue it now, once
  const reportOnMount = useRef(report)
  useEffect(() => {
    if (navigator.onLine) void resumePendingPayments(chargeOrder).then(reportOnMount.current)
  }, [])

  const payWithWallet = async () => {
    if (busy) return
    setRefusal(null)
    setBusy('wallet')
    try {
      const stored = await listPendingPayments()
      // one order per ad: a double tap or a second visit continues the same order (and key)
      let order = stored.find((o) => o.type === type && orderTarget(o) === target)
      if (!order) {
        if (myOrder?.status === 'failed') await removePendingPayment(myOrder.id)
        order = await addPendingPayment({ type, adId, draft: adId ? undefined : (draft ?? undefined) })
      }
      if (!navigator.onLine) {
        toast({ title: t.queuedTitle })
        return
      }
      report([await payPendingOrder(order.id, chargeOrder)])
    } finally {
      setBusy(null)
    }
  }

  const payWithCrypto = async () => {
    if (busy) return
    setRefusal(null)
    setBusy('crypto')
    try {
      let listingId = adId
      if (!listingId && draft) {
        await checkOfflineDraft(draft)
        listingId = await serverAdOf(draft)
      }
      const charge = await createCharge.mutateAsync({
        chargeType: type,
        ...(listingId ? { listingId } : {}),
        description: type === 'post' ? `${t.postFee}: ${draft?.title ?? ''}` : t.bumpFee,
      })
      await navigate({
        to: '/pay/$chargeId',
        params: { chargeId: charge.charge_id },
        search: { type, adId: listingId },
      })
    } catch (error) {
      const refused = refusalOf(error, t.couldNotStartTitle)
      setRefusal(refused)
      toast({ title: refused.title, description: refused.detail, variant: 'destructive' })
    } finally {
      setBusy(null)
    }
  }

  const resumeOrder = (id: string) => void payPendingOrder(id, chargeOrder).then((o) => report([o]))

  return { busy, refusal, payWithWallet, payWithCrypto, resumeOrder }
}
