import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { ExternalLink } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { confirmTopup } from '#client/features/wallet/api/topup-confirm.ts'
import { walletKeys } from '#client/features/wallet/api/wallet-keys.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import { readCheckoutDraft, serverAdFor } from '#client/lib/checkout-handoff.ts'
import { errorDetail, isApiError } from '#client/lib/http.ts'
import { chargeStatusText } from '#client/lib/status-text.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { ChargeStatusResponse, ChargeType } from '#domain/api/payments.ts'
import { coinAmountInUri } from '#domain/coin-amount.ts'
import { COINS, type Coin, isPaidStatus } from '#domain/constants.ts'
import { dollarsToCents } from '#domain/money.ts'
import { useChargeStatus } from '../api/charge-status.ts'
import { afterPostPaid } from '../apply-paid-order.ts'
import { useLandAfterPayment } from '../use-land-after-payment.ts'
import { CopyButton } from './copy-button.tsx'
import { QrCode } from './qr-code.tsx'

const PAID_CHECK_MS = 1_500

const t = msgPayments.pay

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

const FINAL_UNPAID = new Set(['EXPIRED', 'INVALID'])

export interface PayPageProps {
  chargeId: string
  type: ChargeType
  adId?: string
}

export function PayPage({ chargeId, type, adId }: PayPageProps) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const land = useLandAfterPayment()
  const [finished, setFinished] = useState(false)
  const [checking, setChecking] = useState(false)
  const charge = useChargeStatus(chargeId, !finished)
  const status = (charge.data?.status ?? 'NEW').toUpperCase()
  const over = FINAL_UNPAID.has(status)

  // 'Could not load payment' with the server's detail, once per failure
  const { error, errorUpdatedAt } = charge
  useEffect(() => {
    if (errorUpdatedAt && error)
      toast({ title: t.loadFailedTitle, description: errorDetail(error, ''), variant: 'destructive' })
  }, [error, errorUpdatedAt])

  const fulfilling = useRef(false)
  const fulfil = useCallback(async (): Promise<boolean> => {
    if (fulfilling.current) return false
    fulfilling.current = true
    try {
      if (type === 'topup') {
        await confirmTopup(chargeId)
        void queryClient.invalidateQueries({ queryKey: walletKeys.all })
        setFinished(true)
        toast({ title: t.topupConfirmed })
        await navigate({ to: '/wallet' })
        return true
      }
      void queryClient.invalidateQueries({ queryKey: walletKeys.all })
      setFinished(true)
      toast({ title: t.paidTitle })
      // the server applied the fee to the ad (adId) when it saw the charge paid
      const draft = type === 'post' ? readCheckoutDraft() : null
      // the draft in this tab is the one paid for when it became this ad; otherwise nothing is left here
      const ad =
        draft && adId && serverAdFor(draft.id) === adId ? await afterPostPaid(draft, adId) : undefined
      land(type, ad)
      return true
    } catch (failure) {
      fulfilling.current = false
      toast({
        title: t.notConfirmedTitle,
        description: errorDetail(failure, t.notConfirmedFallback),
        variant: 'destructive',
      })
      return false
    }
  }, [adId, chargeId, land, navigate, queryClient, type])

  // The paid check runs every 1.5 s on the latest polled status; after a failed
  // fulfilment it waits for a newer status instead of repeating the same failing call
  const latest = useRef<{ status: string; at: number }>({ status, at: charge.dataUpdatedAt })
  latest.current = { status, at: charge.dataUpdatedAt }
  const failedAt = useRef(-1)
  useEffect(() => {
    if (finished) return
    const timer = setInterval(() => {
      const { status: now, at } = latest.current
      if (!isPaidStatus(now) || at === failedAt.current || fulfilling.current) return
      void fulfil().then((ok) => {
        if (!ok) failedAt.current = at
      })
    }, PAID_CHECK_MS)
    return () => clearInterval(timer)
  }, [finished, fulfil])

  const checkNow = async () => {
    setChecking(true)
    try {
      const result = await charge.refetch()
      const now = (result.data?.status ?? '').toUpperCase()
      if (isPaidStatus(now) || type === 'topup') {
        // a top-up is confirmed by the server itself, which reads the provider again
        await fulfil()
        return
      }
      if (result.data)
        toast({ title: t.notConfirmedTitle, description: t.notConfirmedFallback, variant: 'destructive' })
    } catch (failure) {
      if (isApiError(failure))
        toast({ title: t.notConfirmedTitle, description: errorDetail(failure, t.notConfirmedFallback) })
    } finally {
      setChecking(false)
    }
  }

  const what = type === 'topup' ? t.forTopup : type === 'bump' ? t.forBump : t.forPost

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{what}</dt>
        <dd className="font-semibold">
          {charge.data ? formatMoney(Math.round(charge.data.amount_cad * 100)) : '…'}
        </dd>
        <dt className="text-muted-foreground">{t.status}</dt>
        <dd>
          <output
            aria-live="polite"
            data-testid="payment-status"
            data-status={status}
            className="font-semibold"
          >
            {chargeStatusText(status)}
          </output>
        </dd>
      </dl>
      {!over && !finished && <p className="mt-1 text-xs text-muted-foreground">{t.polling}</p>}
      {!finished && charge.data?.partially_paid && (
        <p role="status" data-testid="partially-paid" className="mt-3 text-sm font-semibold">
          {fill(t.partiallyPaid, { due: formatMoney(dollarsToCents(charge.data.amount_due_cad ?? 0)) })}
        </p>
      )}

      {over && (
        <div role="alert" className="mt-6 grid gap-3 rounded-md border border-destructive/50 p-4 text-sm">
          <p>{status === 'EXPIRED' ? t.expired : t.invalid}</p>
          <p className="text-muted-foreground">{fill(t.paymentId, { id: chargeId })}</p>
          {type === 'topup' ? (
            <Link to="/wallet" className={linkClass}>
              {t.startAgain}
            </Link>
          ) : (
            <Link
              to="/checkout"
              search={{ type, adId: type === 'bump' ? adId : undefined }}
              className={linkClass}
            >
              {t.startAgain}
            </Link>
          )}
        </div>
      )}

      {charge.isPending && <p className="mt-6 text-sm text-muted-foreground">{t.loading}</p>}
      {charge.isError && !charge.data && (
        <div className="mt-6 grid gap-3">
          <p role="alert" className="text-sm">
            {t.loadFailedTitle}: {errorDetail(charge.error, '')}
          </p>
          <Button variant="outline" className="justify-self-start" onClick={() => void charge.refetch()}>
            {t.retry}
          </Button>
        </div>
      )}

      {charge.data && !over && <PaymentDetails charge={charge.data} />}

      {charge.data && !over && (
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <Button disabled={checking || finished} onClick={() => void checkNow()}>
            {checking ? t.checking : t.checkNow}
          </Button>
          <Link
            to="/pay-guide"
            search={{ type, adId, amount: charge.data.amount_cad }}
            className={`${linkClass} text-sm`}
          >
            {t.guideLink}
          </Link>
        </div>
      )}
    </div>
  )
}

function PaymentDetails({ charge }: { charge: ChargeStatusResponse }) {
  return (
    <>
      <p className="mt-6 text-sm">{t.scan}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {COINS.map((coin) => (
          <CoinCard key={coin} coin={coin} address={charge.addresses[coin]} uri={charge.uris[coin]} />
        ))}
      </div>
      <p className="mt-6 text-sm">
        <a
          href={charge.hosted_url}
          target="_blank"
          rel="noopener noreferrer"
          className={`${linkClass} inline-flex items-center gap-1`}
        >
          {t.hosted}
          <ExternalLink aria-hidden="true" className="size-4" />
        </a>
        <span className="mt-1 block text-xs text-muted-foreground">{t.hostedHint}</span>
      </p>
    </>
  )
}

const COIN_SYMBOLS: Record<Coin, string> = { bitcoin: 'BTC', litecoin: 'LTC' }

function CoinCard({ coin, address, uri }: { coin: Coin; address: string | null; uri: string | null }) {
  const name = t.coins[coin]
  const headingId = `coin-${coin}`
  const amount = coinAmountInUri(uri)
  const amountName = fill(t.coinAmount, { coin: name })
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col items-center gap-3 rounded-lg border border-border p-4"
    >
      <h2 id={headingId} className="self-start font-semibold">
        {name}
      </h2>
      {address ? (
        <>
          <QrCode value={uri ?? address} label={fill(t.qrAlt, { coin: name })} failedText={t.qrFailed} />
          {amount && (
            <div className="w-full">
              <p className="text-xs text-muted-foreground">{amountName}</p>
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <output
                  data-testid={`${coin}-amount`}
                  className="rounded bg-muted px-2 py-1 font-mono text-base font-semibold tabular-nums"
                >
                  {amount} {COIN_SYMBOLS[coin]}
                </output>
                <CopyButton text={amount} name={amountName} />
              </div>
              <p className="mt-1 text-xs text-muted-foreground">{t.sendExactly}</p>
            </div>
          )}
          <div className="w-full">
            <p className="text-xs text-muted-foreground">{fill(t.address, { coin: name })}</p>
            <code
              data-testid={`${coin}-address`}
              className="mt-1 block break-all rounded bg-muted px-2 py-1 text-xs"
            >
              {address}
            </code>
          </div>
          <div className="flex flex-wrap gap-2 self-start">
            <CopyButton text={address} name={fill(t.address, { coin: name })} />
            {uri && (
              <Button variant="ghost" size="sm" asChild>
                <a href={uri}>{t.openInWallet}</a>
              </Button>
            )}
          </div>
        </>
      ) : (
        <p className="text-sm text-muted-foreground">{t.noAddress}</p>
      )}
    </section>
  )
}
