import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { CheckoutSearchSchema } from '#client/features/payments/checkout-rules.ts'
import { CheckoutPage } from '#client/features/payments/components/checkout-page.tsx'
import { forgetWalletOfOtherUsers } from '#client/features/wallet/api/forget-wallet.ts'

export const Route = createFileRoute('/checkout')({
  validateSearch: CheckoutSearchSchema,
  beforeLoad: requireSignIn,
  loader: ({ context }) => forgetWalletOfOtherUsers(context.queryClient),
  component: CheckoutRoute,
})

function CheckoutRoute() {
  const { type, adId } = Route.useSearch()
  return <CheckoutPage type={type} adId={adId} />
}
