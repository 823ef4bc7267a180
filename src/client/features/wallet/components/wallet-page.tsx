import { Link, useNavigate } from '@tanstack/react-router'
import { RefreshCw } from 'lucide-react'
import { type FormEvent, useEffect, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { formatMoney, formatPostedDate } from '#client/lib/ad-format.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import { useSession } from '#client/lib/session/use-session.ts'
import { walletStatusText } from '#client/lib/status-text.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { dollarsToCents } from '#domain/money.ts'
import { useWallet } from '../api/get-wallet.ts'
import { useInitiateTopup } from '../api/topup-initiate.ts'
import { parseTopupAmount, signedAmount } from '../wallet-rules.ts'

const t = msgPayments.wallet

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

function formatDate(iso: string | number): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? String(iso) : formatPostedDate(date.toISOString())
}

export function WalletPage() {
  const id = useId()
  const navigate = useNavigate()
  const online = useOnline()
  const { user } = useSession()
  const wallet = useWallet(user?.email ?? '')
  const topup = useInitiateTopup()
  const [amount, setAmount] = useState('')
  const [amountError, setAmountError] = useState<string | undefined>()

  const { error, errorUpdatedAt } = wallet
  useEffect(() => {
    if (errorUpdatedAt && error)
      toast({ title: t.loadFailedTitle, description: errorDetail(error, ''), variant: 'destructive' })
  }, [error, errorUpdatedAt])

  const refresh = async () => {
    const result = await wallet.refetch()
    if (result.isSuccess && !result.isError) toast({ title: t.updated })
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = parseTopupAmount(amount)
    if (value === null) {
      setAmountError(t.minLoad)
      toast({ title: t.minLoad, variant: 'destructive' })
      return
    }
    setAmountError(undefined)
    topup.mutate(value, {
      onSuccess: (charge) =>
        void navigate({
          to: '/pay/$chargeId',
          params: { chargeId: charge.charge_id },
          search: { type: 'topup' },
        }),
      onError: (failure) =>
        toast({ title: t.startFailedTitle, description: errorDetail(failure, ''), variant: 'destructive' }),
    })
  }

  const data = wallet.data
  const stale = data !== undefined && (!online || wallet.isError || wallet.fetchStatus === 'paused')

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">{t.intro}</p>

      <section
        aria-labelledby={`${id}-balance`}
        className="mt-6 rounded-xl border border-border bg-card p-5 shadow-sm"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`${id}-balance`} className="text-sm font-medium text-muted-foreground">
              {t.balance}
            </h2>
            <p data-testid="wallet-balance" className="mt-1 text-3xl font-bold tabular-nums">
              {data ? formatMoney(dollarsToCents(data.balance_cad)) : wallet.isPending && online ? '…' : '—'}
            </p>
            {stale && (
              <p role="status" className="mt-2 text-sm text-amber-700 dark:text-amber-400">
                {online ? t.staleError : t.staleOffline}{' '}
                <span className="text-muted-foreground">
                  {fill(t.updatedAt, { time: formatDate(wallet.dataUpdatedAt) })}
                </span>
              </p>
            )}
          </div>
          <Button
            variant="outline"
            size="sm"
            disabled={!online || wallet.isFetching}
            onClick={() => void refresh()}
          >
            <RefreshCw aria-hidden="true" />
            {t.refresh}
          </Button>
        </div>
        {wallet.isError && !data && (
          <p role="alert" className="mt-3 text-sm">
            {t.loadFailedTitle}
          </p>
        )}
      </section>

      <section
        aria-labelledby={`${id}-topup`}
        className="mt-6 rounded-xl border border-border bg-card p-5 shadow-sm"
      >
        <h2 id={`${id}-topup`} className="text-lg font-semibold">
          {t.topupTitle}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{t.topupIntro}</p>
        <form noValidate onSubmit={submit} className="mt-4 flex flex-wrap items-start gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-amount`}>{t.amountLabel}</Label>
            <Input
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              min={5}
              step="any"
              className="w-40"
              value={amount}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${id}-amount-error`}
              onChange={(e) => {
                setAmount(e.target.value)
                if (amountError) setAmountError(undefined)
              }}
            />
            <p
              id={`${id}-amount-error`}
              role={amountError ? 'alert' : undefined}
              className="min-h-5 text-sm text-destructive"
            >
              {amountError}
            </p>
          </div>
          <Button type="submit" className="mt-6" disabled={topup.isPending || !online}>
            {topup.isPending ? t.starting : t.topupButton}
          </Button>
        </form>
        {!online && <p className="text-sm text-muted-foreground">{t.offlineTopup}</p>}
        <Link
          to="/pay-guide"
          search={{ type: 'topup', amount: parseTopupAmount(amount) ?? 5 }}
          className={`${linkClass} text-sm`}
        >
          {t.guideLink}
        </Link>
      </section>

      <section aria-labelledby={`${id}-tx`} className="mt-6">
        <h2 id={`${id}-tx`} className="text-lg font-semibold">
          {t.transactions}
        </h2>
        {data && data.transactions.length === 0 && (
          <p className="mt-2 text-sm text-muted-foreground">{t.noTransactions}</p>
        )}
        {data && data.transactions.length > 0 && (
          <ul
            className="mt-3 divide-y divide-border rounded-xl border border-border"
            data-testid="wallet-transactions"
          >
            {data.transactions.map((tx) => (
              <li
                key={tx.id}
                data-type={tx.type}
                data-method={tx.method}
                data-scheduled={tx.scheduled_for ? 'true' : undefined}
                className="flex items-center justify-between gap-3 px-4 py-3 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-medium">
                    {t.types[tx.type]}{' '}
                    <span className="font-normal text-muted-foreground">
                      {tx.type === 'topup'
                        ? ''
                        : tx.method === 'wallet'
                          ? `(${tx.scheduled_for ? `${t.scheduled}, ` : ''}${t.fromWallet})`
                          : `(${t.byCrypto})`}
                    </span>
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {formatDate(tx.created_at)} ·{' '}
                    <span data-status={tx.status}>{walletStatusText(tx.status)}</span>
                  </p>
                </div>
                <span
                  className={`shrink-0 font-semibold tabular-nums ${tx.type === 'topup' ? 'text-emerald-700 dark:text-emerald-400' : ''}`}
                >
                  {signedAmount(tx)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
