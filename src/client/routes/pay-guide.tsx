import { createFileRoute } from '@tanstack/react-router'
import { PayGuideSearchSchema } from '#client/features/payments/checkout-rules.ts'
import { PayGuidePage } from '#client/features/payments/components/pay-guide-page.tsx'

export const Route = createFileRoute('/pay-guide')({
  validateSearch: PayGuideSearchSchema,
  component: PayGuideRoute,
})

function PayGuideRoute() {
  const { type, adId, amount } = Route.useSearch()
  return <PayGuidePage type={type} adId={adId} amount={amount} />
}
