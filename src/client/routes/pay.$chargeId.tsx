import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { PaySearchSchema } from '#client/features/payments/checkout-rules.ts'
import { PayPage } from '#client/features/payments/components/pay-page.tsx'
import { forgetWalletOfOtherUsers } from '#client/features/wallet/api/forget-wallet.ts'

export const Route = createFileRoute('/pay/$chargeId')({
  validateSearch: PaySearchSchema,
  beforeLoad: requireSignIn,
  loader: ({ context }) => forgetWalletOfOtherUsers(context.queryClient),
  component: PayRoute,
})

function PayRoute() {
  const { chargeId } = Route.useParams()
  const { type, adId } = Route.useSearch()
  // a new charge id is a new payment: nothing of the previous one's state carries over
  return <PayPage key={chargeId} chargeId={chargeId} type={type} adId={adId} />
}
