import { createFileRoute } from '@tanstack/react-router'
import { parseTokenSearch } from '#client/features/auth/auth-forms.ts'
import { VerifyEmailPage } from '#client/features/auth/components/verify-email-page.tsx'

export const Route = createFileRoute('/verify-email')({
  validateSearch: parseTokenSearch,
  component: VerifyEmailRoute,
})

function VerifyEmailRoute() {
  const { token } = Route.useSearch()
  // a new link opened in the same tab starts over
  return <VerifyEmailPage key={token ?? ''} token={token ?? ''} />
}
