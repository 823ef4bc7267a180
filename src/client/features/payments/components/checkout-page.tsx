import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  addPendingPayment,
  listPendingPayments,
  type PendingPayment,
  removePendingPayment,
  usePendingPayments,
} from '#client/db/pending-payments-repository.ts'
import { useMyAds } from '#client/features/manage/api/my-ads.ts'
import { useWallet } from '#client/features/wallet/api/get-wallet.ts'
import { walletKeys } from '#client/features/wallet/api/wallet-keys.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import { readCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { AD_LIFETIME_DAYS } from '#domain/ad-status.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import type { PostDraft } from '#domain/post-draft.ts'
import { useCreateCharge } from '../api/create-charge.ts'
import { chargeOrder, checkOfflineDraft, serverAdOf } from '../charge-order.ts'
import { type CheckoutType, checkoutFeeCents, isTransientFailure } from '../checkout-rules.ts'
import { OrderRefused } from '../order-refused.ts'
import {
  type OrderOutcome,
  payPendingOrder,
  resumeOnReconnect,
  resumePendingPayments,
} from '../payment-queue.ts'
import { holdOutcomes, reportOutcomes } from '../report-outcomes.ts'
import { useLandAfterPayment } from '../use-land-after-payment.ts'

const t = msgPayments.checkout

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

/** The ad an order pays for: a server ad's id (a bump, a renewal), or else the draft's own id. */
function orderTarget(order: Pick<PendingPayment, 'type' | 'adId' | 'draft'>): string | undefined {
  if (order.adId) return order.adId
  const draft = order.draft as { id?: unknown } | undefined
  return typeof draft?.id === 'string' ? draft.id : undefined
}

export interface CheckoutPageProps {
  type: CheckoutType
  adId?: string
}

export function CheckoutPage({ type, adId }: CheckoutPageProps) {
  const online = useOnline()
  const { user } = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const land = useLandAfterPayment()
  const wallet = useWallet(user?.email ?? '')
  const createCharge = useCreateCharge()
  const orders = usePendingPayments()
  // a posting fee pays either for the ad /post handed over or, with adId, for an ad already on the
  // server (one awaiting payment, or an expired one being renewed)
  const [draft] = useState<PostDraft | null>(() => (type === 'post' && !adId ? readCheckoutDraft() : null))
  const [busy, setBusy] = useState<'wallet' | 'crypto' | null>(null)
  const [shortOfBalance, setShortOfBalance] = useState(false)

  const target = adId ?? draft?.id
  // a bump or a renewal names the ad it pays for, from the user's own ads
  const paidAdTitle = useMyAds(adId ? user?.email : undefined).data?.find((ad) => ad.id === adId)?.title
  const feeCents = checkoutFeeCents(type)
  const fee = formatMoney(feeCents)
  const myOrder = useMemo(
    () => orders?.find((o) => o.type === type && orderTarget(o) === target),
    [orders, type, target],
  )
  const waiting = myOrder !== undefined && (myOrder.status === 'pending' || myOrder.status === 'processing')

  // outcomes are told once by the shared reporter; here a paid order also lands on its listing
  const report = useCallback(
    (outcomes: OrderOutcome[]) =>
      reportOutcomes(outcomes, {
        refreshWallet: () => void queryClient.invalidateQueries({ queryKey: walletKeys.all }),
        onPaid: (outcome) => land(outcome.order.type, outcome.ad),
        onShortOfBalance: () => setShortOfBalance(true),
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
    setShortOfBalance(false)
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
      if (error instanceof OrderRefused) {
        toast({ title: error.title, description: error.detail, variant: 'destructive' })
        return
      }
      toast({
        title: t.couldNotStartTitle,
        description: errorDetail(
          error,
          isTransientFailure(error) ? msgPayments.pay.notConfirmedFallback : '',
        ),
        variant: 'destructive',
      })
    } finally {
      setBusy(null)
    }
  }

  if (type === 'post' && !draft && !adId) {
    return (
      <Panel title={t.noDraftTitle}>
        <p className="text-sm text-muted-foreground">{t.noDraftBody}</p>
        <Button asChild className="mt-4">
          <Link to="/post">{t.backToPost}</Link>
        </Button>
      </Panel>
    )
  }
  // an address naming something that is not a server ad (an old device-only ad, a hand-edited link):
  // the server would take the fee and publish nothing, so nothing is offered (as charge-order.ts refuses)
  if (adId !== undefined && !isAdId(adId)) {
    return (
      <Panel title={type === 'bump' ? t.noAdTitle : t.noDraftTitle}>
        <p className="text-sm text-muted-foreground">{t.unknownAdBody}</p>
        <Button asChild className="mt-4">
          <Link to="/manage">{t.toManage}</Link>
        </Button>
      </Panel>
    )
  }
  if (type === 'bump' && !adId) {
    return (
      <Panel title={t.noAdTitle}>
        <p className="text-sm text-muted-foreground">{t.noAdBody}</p>
        <Button asChild className="mt-4">
          <Link to="/manage">{t.toManage}</Link>
        </Button>
      </Panel>
    )
  }

  const balance = wallet.data ? formatMoney(Math.round(wallet.data.balance_cad * 100)) : null

  return (
    <Panel
      title={t.title}
      intro={
        type === 'bump' ? t.bumpIntro : adId ? fill(t.renewIntro, { days: AD_LIFETIME_DAYS }) : t.postIntro
      }
    >
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-lg border border-border bg-muted/40 p-4 text-sm">
        {draft && (
          <>
            <dt className="text-muted-foreground">{t.adLabel}</dt>
            <dd className="truncate text-right font-medium">{draft.title}</dd>
          </>
        )}
        {!draft && paidAdTitle && (
          <>
            <dt className="text-muted-foreground">{t.adLabel}</dt>
            <dd data-testid="checkout-ad" className="truncate text-right font-medium">
              {paidAdTitle}
            </dd>
          </>
        )}
        <dt className="text-muted-foreground">{type === 'post' ? t.postFee : t.bumpFee}</dt>
        <dd className="text-right">{fee}</dd>
        <dt className="font-semibold">{t.total}</dt>
        <dd className="text-right text-lg font-bold" data-testid="checkout-fee">
          {fee}
        </dd>
      </dl>
      <p className="mt-2 text-xs text-muted-foreground">{t.pricesInCad}</p>

      {!online && !waiting && (
        <p role="status" className="mt-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {t.offlineNotice}
        </p>
      )}

      {waiting && (
        <div
          role="status"
          className="mt-4 grid gap-3 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <p className="font-semibold">{online ? t.resuming : t.queuedTitle}</p>
          {!online && <p>{t.queuedBody}</p>}
          {online && myOrder && (
            <Button
              size="sm"
              className="justify-self-start"
              disabled={busy !== null}
              onClick={() => void payPendingOrder(myOrder.id, chargeOrder).then((o) => report([o]))}
            >
              {t.resumeNow}
            </Button>
          )}
        </div>
      )}

      {myOrder?.status === 'failed' && (
        <div role="alert" className="mt-4 grid gap-2 rounded-md border border-destructive/50 p-4 text-sm">
          <p>{fill(t.failedOrder, { detail: myOrder.error ?? '' })}</p>
          <div className="flex flex-wrap gap-3">
            <Link to="/wallet" className={linkClass}>
              {t.topUp}
            </Link>
            <button type="button" className={linkClass} onClick={() => void removePendingPayment(myOrder.id)}>
              {t.discardOrder}
            </button>
          </div>
        </div>
      )}

      <h2 className="mt-6 text-base font-semibold">{t.choose}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="pay-wallet" className="flex flex-col rounded-lg border border-border p-4">
          <h3 id="pay-wallet" className="font-semibold">
            {t.wallet}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t.walletHint}</p>
          {balance && <p className="mt-2 text-sm">{fill(t.walletBalance, { balance })}</p>}
          <Button className="mt-4" disabled={busy !== null || waiting} onClick={() => void payWithWallet()}>
            {busy === 'wallet' ? t.paying : fill(t.payWallet, { fee })}
          </Button>
          {shortOfBalance && (
            <p role="alert" className="mt-3 text-sm">
              {t.shortOfBalance}{' '}
              <Link to="/wallet" className={linkClass}>
                {t.topUp}
              </Link>
            </p>
          )}
        </section>
        <section aria-labelledby="pay-crypto" className="flex flex-col rounded-lg border border-border p-4">
          <h3 id="pay-crypto" className="font-semibold">
            {t.crypto}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{online ? t.cryptoHint : t.cryptoOffline}</p>
          <Button
            variant="outline"
            className="mt-auto"
            disabled={busy !== null || !online || waiting}
            onClick={() => void payWithCrypto()}
          >
            {busy === 'crypto' ? t.starting : fill(t.payCrypto, { fee })}
          </Button>
        </section>
      </div>
      <p className="mt-6 text-sm">
        <Link to="/pay-guide" search={{ type, adId: target, amount: feeCents / 100 }} className={linkClass}>
          {t.guideLink}
        </Link>
      </p>
    </Panel>
  )
}

function Panel({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {intro && <p className="mt-2 text-sm text-muted-foreground">{intro}</p>}
      <div className="mt-6">{children}</div>
    </div>
  )
}
