import { msgPayments } from '#client/i18n/messages-payments.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import { chargeStatusText } from '#client/lib/status-text.ts'
import { dollarsToCents } from '#domain/money.ts'
import { usePaymentsAttention } from '../api/payments-attention.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgReview.admin

/** Crypto charges paid late, partly, over, marked by hand or invalid, with the ids to find them. */
export function PaymentsAttentionPanel() {
  const query = usePaymentsAttention()

  return (
    <AdminPanel title={t.paymentsTitle} intro={t.paymentsIntro}>
      <PanelState query={query} items={query.data?.charges} retry={t.paymentsReload} empty={t.paymentsNone}>
        {(charges) => (
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
    </AdminPanel>
  )
}
