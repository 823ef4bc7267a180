// A payment refused during checkout stays on the page in words: the reason (the server's, or the
// app's own), what to do next and a link back to the form. The spec's toast still says it briefly;
// this alert only goes when the user tries again (docs/decisions/036-one-ad-rule.md).
import { Link } from '@tanstack/react-router'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import type { Refusal } from '../refusal.ts'

const t = msgPayments.checkout

export const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

/** Where the ad being paid for is edited: the post form, the ad's own edit page, or My ads for a bump. */
function FormLink({ type, adId }: { type: 'post' | 'bump'; adId: string | undefined }) {
  if (type === 'bump') {
    return (
      <Link to="/manage" className={linkClass}>
        {t.toManage}
      </Link>
    )
  }
  if (adId) {
    return (
      <Link to="/edit/$id" params={{ id: adId }} className={linkClass}>
        {t.backToForm}
      </Link>
    )
  }
  return (
    <Link to="/post" className={linkClass}>
      {t.backToForm}
    </Link>
  )
}

export function RefusalAlert({
  refusal,
  type,
  adId,
}: {
  refusal: Refusal
  type: 'post' | 'bump'
  adId: string | undefined
}) {
  return (
    <div
      role="alert"
      data-testid="checkout-refusal"
      className="mt-4 grid gap-2 rounded-md border border-destructive/50 bg-destructive/5 p-4 text-sm"
    >
      <p className="font-semibold">{refusal.title}</p>
      {refusal.detail && <p>{refusal.detail}</p>}
      <p>{t.refusalNext[refusal.next]}</p>
      <div className="flex flex-wrap gap-3">
        {refusal.next === 'topUp' && (
          <Link to="/wallet" className={linkClass}>
            {t.topUp}
          </Link>
        )}
        {refusal.next === 'verify' && (
          <Link to="/account/verification" className={linkClass}>
            {t.getVerified}
          </Link>
        )}
        {refusal.next === 'manage' && type === 'post' && (
          <Link to="/manage" className={linkClass}>
            {t.toManage}
          </Link>
        )}
        <FormLink type={type} adId={adId} />
      </div>
    </div>
  )
}
