// /checkout?type=post|bump&adId: the fee, then the wallet or crypto. A posting fee pays either for the
// ad /post handed over or, with adId, for an ad already on the server (one awaiting payment, or an
// expired one being renewed). Paying and what follows live in use-checkout-pay.ts.
import { Link } from '@tanstack/react-router'
import { useMemo, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { removePendingPayment, usePendingPayments } from '#client/db/pending-payments-repository.ts'
import { useMyAds } from '#client/features/manage/api/my-ads.ts'
import { useWallet } from '#client/features/wallet/api/get-wallet.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import { readCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import type { PostDraft } from '#domain/post-draft.ts'
import { useAdRules } from '../api/ad-rules.ts'
import { type CheckoutType, checkoutFeeCents } from '../checkout-rules.ts'
import { orderTarget, useCheckoutPay } from '../use-checkout-pay.ts'
import { CheckoutNotice, Panel } from './checkout-panel.tsx'
import { linkClass, RefusalAlert } from './checkout-refusal.tsx'
import { PayChoices } from './pay-choices.tsx'

const t = msgPayments.checkout

export interface CheckoutPageProps {
  type: CheckoutType
  adId?: string
}

export function CheckoutPage({ type, adId }: CheckoutPageProps) {
  const [draft] = useState<PostDraft | null>(() => (type === 'post' && !adId ? readCheckoutDraft() : null))
  if (type === 'post' && !draft && !adId) {
    return <CheckoutNotice title={t.noDraftTitle} body={t.noDraftBody} to="/post" link={t.backToPost} />
  }
  // an address naming something that is not a server ad (an old device-only ad, a hand-edited link):
  // the server would take the fee and publish nothing, so nothing is offered (as charge-order.ts refuses)
  if (adId !== undefined && !isAdId(adId)) {
    const title = type === 'bump' ? t.noAdTitle : t.noDraftTitle
    return <CheckoutNotice title={title} body={t.unknownAdBody} to="/manage" link={t.toManage} />
  }
  if (type === 'bump' && !adId) {
    return <CheckoutNotice title={t.noAdTitle} body={t.noAdBody} to="/manage" link={t.toManage} />
  }
  return <Checkout type={type} adId={adId} draft={draft} />
}

function Checkout({
  type,
  adId,
  draft,
}: {
  type: CheckoutType
  adId: string | undefined
  draft: PostDraft | null
}) {
  const online = useOnline()
  const { user } = useSession()
  const wallet = useWallet(user?.email ?? '')
  const rules = useAdRules()
  const orders = usePendingPayments()
  const target = adId ?? draft?.id
  // a bump or a renewal names the ad it pays for, from the user's own ads
  const paidAdTitle = useMyAds(adId ? user?.email : undefined).data?.find((ad) => ad.id === adId)?.title
  const myOrder = useMemo(
    () => orders?.find((o) => o.type === type && orderTarget(o) === target),
    [orders, type, target],
  )
  const { busy, refusal, payWithWallet, payWithCrypto, resumeOrder } = useCheckoutPay({
    type,
    adId,
    draft,
    myOrder,
  })
  const waiting = myOrder !== undefined && (myOrder.status === 'pending' || myOrder.status === 'processing')
  const feeCents = checkoutFeeCents(type)
  const fee = formatMoney(feeCents)
  const balance = wallet.data ? formatMoney(Math.round(wallet.data.balance_cad * 100)) : null
  // the lifetime sold is the server's (AD_LIFETIME_DAYS); until it answers, the sentence leaves it out
  const days = rules.data?.adLifetimeDays
  const renewIntro = days === undefined ? t.renewIntroPlain : fill(t.renewIntro, { days })

  return (
    <Panel title={t.title} intro={type === 'bump' ? t.bumpIntro : adId ? renewIntro : t.postIntro}>
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
              onClick={() => resumeOrder(myOrder.id)}
            >
              {t.resumeNow}
            </Button>
          )}
        </div>
      )}

      {refusal && <RefusalAlert refusal={refusal} type={type} adId={adId} />}

      {!refusal && myOrder?.status === 'failed' && (
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

      <PayChoices
        fee={fee}
        balance={balance}
        online={online}
        busy={busy}
        waiting={waiting}
        onWallet={() => void payWithWallet()}
        onCrypto={() => void payWithCrypto()}
      />
      <p className="mt-6 text-sm">
        <Link to="/pay-guide" search={{ type, adId: target, amount: feeCents / 100 }} className={linkClass}>
          {t.guideLink}
        </Link>
      </p>
    </Panel>
  )
}
