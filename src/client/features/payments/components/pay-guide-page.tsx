import { Link } from '@tanstack/react-router'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import type { ChargeType } from '#domain/api/payments.ts'
import { dollarsToCents } from '#domain/money.ts'

const t = msgPayments.payGuide

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

export interface PayGuidePageProps {
  type?: ChargeType
  adId?: string
  /** CAD dollars */
  amount: number
}

/** A how-to-pay guide for people who have never paid with crypto (static text, works offline). */
export function PayGuidePage({ type, adId, amount }: PayGuidePageProps) {
  return (
    <article className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
      <p className="mt-2 text-muted-foreground">{t.intro}</p>
      <p
        className="mt-4 rounded-md border border-border bg-muted/50 px-3 py-2 text-sm font-medium"
        data-testid="guide-amount"
      >
        {fill(t.amountLine, { amount: formatMoney(dollarsToCents(amount)) })}
      </p>
      <ol className="mt-6 grid gap-5">
        {t.steps.map((step) => (
          <li key={step.title}>
            <h2 className="text-lg font-semibold">{step.title}</h2>
            <p className="mt-1 text-sm leading-relaxed">{step.body}</p>
          </li>
        ))}
      </ol>
      <aside className="mt-8 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm">
        <h2 className="font-semibold">{t.tipTitle}</h2>
        <p className="mt-1">{t.tip}</p>
      </aside>
      <div className="mt-6 flex flex-wrap gap-4 text-sm">
        {(type === 'post' || type === 'bump') && (
          <Link
            to="/checkout"
            search={{ type, adId: type === 'bump' ? adId : undefined }}
            className={linkClass}
          >
            {t.backToCheckout}
          </Link>
        )}
        <Link to="/wallet" className={linkClass}>
          {t.toWallet}
        </Link>
      </div>
    </article>
  )
}
