import { createFileRoute } from '@tanstack/react-router'
import { parseTokenSearch } from '#client/features/auth/auth-forms.ts'
import { ResetPasswordPage } from '#client/features/auth/components/reset-password-page.tsx'

export const Route = createFileRoute('/reset-password')({
  validateSearch: parseTokenSearch,
  component: ResetPasswordRoute,
})

function ResetPasswordRoute() {
  const { token } = Route.useSearch()
  return <ResetPasswordPage key={token ?? ''} token={token ?? ''} />
}
