import { createFileRoute } from '@tanstack/react-router'
import { parseLoginSearch } from '#client/features/auth/auth-forms.ts'
import { LoginPage } from '#client/features/auth/components/login-page.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect, reason } = Route.useSearch()
  return <LoginPage redirect={redirect} reason={reason} />
}
