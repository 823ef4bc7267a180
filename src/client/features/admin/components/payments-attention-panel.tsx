import { useId } from 'react'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import { chargeStatusText } from '#client/lib/status-text.ts'
import { dollarsToCents } from '#domain/money.ts'
import { usePaymentsAttention } from '../api/payments-attention.ts'
import { PanelState } from './panel-state.tsx'

const t = msgReview.admin

/** Crypto charges paid late, partly, over, marked by hand or invalid, with the ids to find them. */
export function PaymentsAttentionPanel() {
  const id = useId()
  const query = usePaymentsAttention()
  const charges = query.data?.charges

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t.paymentsTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.paymentsIntro}</p>
      </div>
      <PanelState query={query} retry={t.paymentsReload}>
        {charges && charges.length === 0 && <p className="text-sm">{t.paymentsNone}</p>}
        {charges && charges.length > 0 && (
          <ul aria-label={t.paymentsTitle} className="divide-y divide-border text-sm">
            {charges.map((charge) => (
              <li key={charge.charge_id} data-testid="attention-charge" className="grid gap-1 py-2">
                <p className="font-medium">
                  {t.attention[charge.attention]} · {formatMoney(dollarsToCents(charge.amount_cad))} ·{' '}
                  {msgPayments.wallet.types[charge.charge_type]} · {chargeStatusText(charge.status)}
                  {charge.fulfilled ? ` · ${t.paymentsFulfilled}` : ''}
                </p>
                <p className="break-all font-mono text-xs text-muted-foreground">
                  {charge.provider} {charge.provider_invoice_id} · {charge.charge_id} · {charge.user_id}
                </p>
              </li>
            ))}
          </ul>
        )}
      </PanelState>
    </section>
  )
}
