// Checkout's two ways to pay, side by side: the wallet (with the balance) and crypto (online only).
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPayments } from '#client/i18n/messages-payments.ts'

const t = msgPayments.checkout

export interface PayChoicesProps {
  fee: string
  balance: string | null
  online: boolean
  busy: 'wallet' | 'crypto' | null
  /** an order is already on its way: both are offered again once it is settled */
  waiting: boolean
  onWallet: () => void
  onCrypto: () => void
}

export function PayChoices({ fee, balance, online, busy, waiting, onWallet, onCrypto }: PayChoicesProps) {
  return (
    <>
      <h2 className="mt-6 text-base font-semibold">{t.choose}</h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <section aria-labelledby="pay-wallet" className="flex flex-col rounded-lg border border-border p-4">
          <h3 id="pay-wallet" className="font-semibold">
            {t.wallet}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">{t.walletHint}</p>
          {balance && <p className="mt-2 text-sm">{fill(t.walletBalance, { balance })}</p>}
          <Button className="mt-4" disabled={busy !== null || waiting} onClick={onWallet}>
            {busy === 'wallet' ? t.paying : fill(t.payWallet, { fee })}
          </Button>
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
            onClick={onCrypto}
          >
            {busy === 'crypto' ? t.starting : fill(t.payCrypto, { fee })}
          </Button>
        </section>
      </div>
    </>
  )
}
